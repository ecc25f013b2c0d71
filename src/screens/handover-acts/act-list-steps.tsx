/**
 * The list steps of the new act form (issue 13): equipment and documents on board present or absent
 * (items can be added and removed), damages and fines with title, note and photos, tyres by position with
 * pressure and tread depth. Made for a phone: one column, large touch targets.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDecimalInput } from '../../fields/number/decimal-input';
import type { DamageDraft, PresenceItem, StepErrors, TireDraft } from './act-draft';
import { PhotoInput, Thumb } from './photo-input';
import { Field, numberOrUndefined, type StepProps } from './step-field';
import { useFocusOnAdded } from './use-focus-on-added';

/** A present/absent list (equipment, documents on board); items can be added and removed. */
function PresenceList({
  items,
  onChange,
  errors,
  field,
  testId,
}: {
  items: PresenceItem[];
  onChange: (items: PresenceItem[]) => void;
  errors: StepErrors;
  field: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<PresenceItem>) => onChange(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const focusAdded = useFocusOnAdded(items.length, (index) => `${testId}-name-${index}`);
  return (
    <div data-testid={testId}>
      {items.length === 0 && <Typography.Paragraph type="secondary">{t('handover-acts.steps.noItems')}</Typography.Paragraph>}
      {items.map((item, index) => {
        const error = errors[`${field}.${index}.name`];
        return (
          <div key={index} className="act-presence" data-testid={`${testId}-item-${index}`}>
            {/* A box that grows, so a long name (a fuel card and its number) wraps on a phone instead of being cut off. */}
            <Input.TextArea
              className="act-presence__name"
              size="large"
              variant="borderless"
              autoSize={{ minRows: 1, maxRows: 4 }}
              value={item.name}
              placeholder={t('handover-acts.steps.itemName')}
              aria-label={t('handover-acts.steps.itemName')}
              status={error ? 'error' : undefined}
              // A name is one line: Enter does not break it, and a pasted line break becomes a space.
              onPressEnter={(event) => event.preventDefault()}
              onChange={(event) => set(index, { name: event.target.value.replace(/[\r\n]+/g, ' ') })}
              data-testid={`${testId}-name-${index}`}
            />
            <Switch
              checked={item.present}
              checkedChildren={t('handover-acts.pdf.present')}
              unCheckedChildren={t('handover-acts.pdf.absent')}
              aria-label={`${item.name}: ${t('handover-acts.pdf.present')}`}
              onChange={(present) => set(index, { present })}
              data-testid={`${testId}-present-${index}`}
            />
            <Button
              type="text"
              size="large"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('crud.form.remove')}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            />
            {error && (
              <Typography.Text type="danger" className="act-presence__error" data-testid={`act-error-${field}.${index}.name`}>
                {error.text ?? t(error.key, error.params)}
              </Typography.Text>
            )}
          </div>
        );
      })}
      <Button
        block
        size="large"
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        onClick={() => {
          focusAdded();
          onChange([...items, { name: '', present: true }]);
        }}
        data-testid={`${testId}-add`}
      >
        {t('handover-acts.steps.addItem')}
      </Button>
    </div>
  );
}

export function EquipmentStep({ draft, change, errors }: StepProps) {
  return <PresenceList items={draft.equipment} onChange={(equipment) => change({ equipment })} errors={errors} field="equipment" testId="act-equipment" />;
}

export function DocumentsStep({ draft, change, errors }: StepProps) {
  return <PresenceList items={draft.documents} onChange={(documents) => change({ documents })} errors={errors} field="documents" testId="act-documents" />;
}

let damageKeys = 0;
export const newDamage = (): DamageDraft => ({ key: `damage-${(damageKeys += 1)}`, title: '', description: '', photos: [] });

const damageTitleOf = (index: number) => `act-damage-title-${index}`;
const tirePositionOf = (index: number) => `act-tire-position-${index}`;

export function DamagesStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
  const focusAddedDamage = useFocusOnAdded(draft.damages.length, damageTitleOf);
  const set = (index: number, patch: Partial<DamageDraft>) =>
    change({ damages: draft.damages.map((damage, at) => (at === index ? { ...damage, ...patch } : damage)) });
  return (
    <div data-testid="act-damages">
      {draft.damages.length === 0 && <Typography.Paragraph type="secondary">{t('handover-acts.steps.noDamages')}</Typography.Paragraph>}
      {draft.damages.map((damage, index) => (
        <div key={damage.key} className="act-row" data-testid={`act-damage-${index}`}>
          <Field label={t('handover-acts.steps.damageTitle')} name={`damages.${index}.title`} errors={errors}>
            <Input
              id={`act-damages.${index}.title`}
              size="large"
              value={damage.title}
              onChange={(event) => set(index, { title: event.target.value })}
              data-testid={`act-damage-title-${index}`}
            />
          </Field>
          <Field label={t('handover-acts.steps.damageNote')} name={`damages.${index}.description`} errors={errors}>
            <Input.TextArea
              id={`act-damages.${index}.description`}
              autoSize={{ minRows: 2 }}
              maxLength={1000}
              value={damage.description}
              onChange={(event) => set(index, { description: event.target.value })}
              data-testid={`act-damage-note-${index}`}
            />
          </Field>
          <div className="act-thumbs">
            {damage.photos.map((photo, at) => (
              <Thumb
                key={at}
                file={photo}
                alt={damage.title}
                onRemove={() => set(index, { photos: damage.photos.filter((_, other) => other !== at) })}
                testId={`act-damage-${index}-thumb-${at}`}
              />
            ))}
          </div>
          <PhotoInput
            label={t('handover-acts.steps.addPhoto')}
            multiple
            onPhotos={(photos) => set(index, { photos: [...damage.photos, ...photos] })}
            testId={`act-damage-photo-${index}`}
          />
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => change({ damages: draft.damages.filter((_, at) => at !== index) })}
            data-testid={`act-damage-remove-${index}`}
          >
            {t('handover-acts.steps.removeDamage')}
          </Button>
        </div>
      ))}
      <Button
        block
        size="large"
        icon={<PlusOutlined />}
        onClick={() => {
          focusAddedDamage();
          change({ damages: [...draft.damages, newDamage()] });
        }}
        data-testid="act-damage-add"
      >
        {t('handover-acts.steps.addDamage')}
      </Button>
    </div>
  );
}

export function TiresStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
  const focusAddedTire = useFocusOnAdded(draft.tires.length, tirePositionOf);
  const decimal = useDecimalInput();
  const set = (index: number, patch: Partial<TireDraft>) => change({ tires: draft.tires.map((tire, at) => (at === index ? { ...tire, ...patch } : tire)) });
  return (
    <div data-testid="act-tires">
      {draft.tires.map((tire, index) => (
        <div key={index} className="act-row" data-testid={`act-tire-${index}`}>
          <Field label={t('handover-acts.steps.tirePosition')} name={`tires.${index}.position`} errors={errors}>
            <Input
              id={`act-tires.${index}.position`}
              size="large"
              value={tire.position}
              onChange={(event) => set(index, { position: event.target.value })}
              data-testid={`act-tire-position-${index}`}
            />
          </Field>
          <div className="act-row__pair">
            <Field label={`${t('handover-acts.steps.pressure')} (${t('units.bar')})`} name={`tires.${index}.pressure`} errors={errors}>
              <InputNumber
                id={`act-tires.${index}.pressure`}
                size="large"
                {...decimal}
                step={0.1}
                inputMode="decimal"
                value={tire.pressure ?? null}
                onChange={(value) => set(index, { pressure: numberOrUndefined(value) })}
                data-testid={`act-tire-pressure-${index}`}
              />
            </Field>
            <Field label={`${t('handover-acts.steps.treadDepth')} (${t('units.mm')})`} name={`tires.${index}.tread_depth`} errors={errors}>
              <InputNumber
                id={`act-tires.${index}.tread_depth`}
                size="large"
                {...decimal}
                step={0.1}
                inputMode="decimal"
                value={tire.tread_depth ?? null}
                onChange={(value) => set(index, { tread_depth: numberOrUndefined(value) })}
                data-testid={`act-tire-tread-${index}`}
              />
            </Field>
          </div>
          <Button danger icon={<DeleteOutlined />} onClick={() => change({ tires: draft.tires.filter((_, at) => at !== index) })}>
            {t('handover-acts.steps.removeTire')}
          </Button>
        </div>
      ))}
      <Button
        block
        size="large"
        icon={<PlusOutlined />}
        onClick={() => {
          focusAddedTire();
          change({ tires: [...draft.tires, { position: '' }] });
        }}
        data-testid="act-tire-add"
      >
        {t('handover-acts.steps.addTire')}
      </Button>
    </div>
  );
}
