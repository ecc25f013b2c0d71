/**
 * The steps of the new act form (issue 13), one screen each, made for a phone: one column, large inputs
 * and buttons, the camera for photos. Each step edits its part of the draft (act-draft.ts) and shows the
 * messages of its fields under them.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActDraft, DamageDraft, PresenceItem, StepErrors, TireDraft } from './act-draft';
import { PhotoInput, Thumb } from './photo-input';
import { RecordPicker } from './record-picker';

export interface StepProps {
  draft: ActDraft;
  change: (patch: Partial<ActDraft>) => void;
  errors: StepErrors;
  /** The signed-in member's name (the act's author). */
  author: string;
}

/** A field with its label and its message under it. */
function Field({ label, name, errors, children, extra }: { label: string; name: string; errors: StepErrors; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const error = errors[name];
  return (
    <Form.Item
      label={label}
      htmlFor={`act-${name}`}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span data-testid={`act-error-${name}`}>{error.text ?? t(error.key, error.params)}</span> : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

const numberOrUndefined = (value: number | string | null) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function VehicleStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('handover-acts.list.vehicle')} name="transport_id" errors={errors}>
        <RecordPicker
          id="act-transport_id"
          resource="transport"
          value={draft.transport_id}
          onChange={(transport_id) => change({ transport_id })}
          status={errors.transport_id ? 'error' : undefined}
          testId="act-vehicle"
        />
      </Field>
      <Field label={t('handover-acts.fields.date')} name="date" errors={errors}>
        <DatePicker
          id="act-date"
          size="large"
          style={{ width: '100%' }}
          value={draft.date ? dayjs(draft.date) : null}
          onChange={(value) => change({ date: value ? value.format('YYYY-MM-DD') : '' })}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          inputReadOnly
          data-testid="act-date"
        />
      </Field>
    </>
  );
}

export function PeopleStep({ draft, change, errors, author }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('handover-acts.fields.transferred_by_id')} name="transferred_by_id" errors={errors}>
        <RecordPicker
          id="act-transferred_by_id"
          resource="employees"
          value={draft.transferred_by_id}
          onChange={(transferred_by_id) => change({ transferred_by_id })}
          status={errors.transferred_by_id ? 'error' : undefined}
          testId="act-transferred-by"
        />
      </Field>
      <Field label={t('handover-acts.fields.received_by_id')} name="received_by_id" errors={errors}>
        <RecordPicker
          id="act-received_by_id"
          resource="employees"
          value={draft.received_by_id}
          onChange={(received_by_id) => change({ received_by_id })}
          status={errors.received_by_id ? 'error' : undefined}
          testId="act-received-by"
        />
      </Field>
      <Form.Item label={t('handover-acts.pdf.createdBy')}>
        <Typography.Text strong data-testid="act-created-by">
          {author}
        </Typography.Text>
      </Form.Item>
    </>
  );
}

/** One photo of the act (gauge, odometer, selfie): the camera button, or the photo with a remove button. */
function SinglePhoto({
  file,
  label,
  selfie,
  onChange,
  testId,
}: {
  file?: File;
  label: string;
  selfie?: boolean;
  onChange: (file?: File) => void;
  testId: string;
}) {
  return file ? (
    <Thumb file={file} alt={label} onRemove={() => onChange(undefined)} testId={`${testId}-thumb`} />
  ) : (
    <PhotoInput label={label} selfie={selfie} onPhotos={([photo]) => onChange(photo)} testId={testId} />
  );
}

export function FuelStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={`${t('handover-acts.fields.fuel_remaining')} (${t('units.l')})`} name="fuel_remaining" errors={errors}>
        <InputNumber
          id="act-fuel_remaining"
          size="large"
          min={0}
          inputMode="decimal"
          value={draft.fuel_remaining ?? null}
          onChange={(value) => change({ fuel_remaining: numberOrUndefined(value) })}
          status={errors.fuel_remaining ? 'error' : undefined}
          data-testid="act-fuel"
        />
      </Field>
      <SinglePhoto
        file={draft.fuel_photo}
        label={t('handover-acts.photos.fuel_photo')}
        onChange={(fuel_photo) => change({ fuel_photo })}
        testId="act-fuel-photo"
      />
    </>
  );
}

export function MileageStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={`${t('handover-acts.fields.mileage')} (${t('units.km')})`} name="mileage" errors={errors}>
        <InputNumber
          id="act-mileage"
          size="large"
          min={0}
          inputMode="numeric"
          value={draft.mileage ?? null}
          onChange={(value) => change({ mileage: numberOrUndefined(value) })}
          status={errors.mileage ? 'error' : undefined}
          data-testid="act-mileage"
        />
      </Field>
      <SinglePhoto
        file={draft.mileage_photo}
        label={t('handover-acts.photos.mileage_photo')}
        onChange={(mileage_photo) => change({ mileage_photo })}
        testId="act-mileage-photo"
      />
    </>
  );
}

export function SelfieStep({ draft, change }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('handover-acts.steps.selfieHint')}</Typography.Paragraph>
      <SinglePhoto
        file={draft.driver_selfie}
        label={t('handover-acts.photos.driver_selfie')}
        selfie
        onChange={(driver_selfie) => change({ driver_selfie })}
        testId="act-selfie"
      />
    </>
  );
}

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
  return (
    <div data-testid={testId}>
      {items.length === 0 && <Typography.Paragraph type="secondary">{t('handover-acts.steps.noItems')}</Typography.Paragraph>}
      {items.map((item, index) => {
        const error = errors[`${field}.${index}.name`];
        return (
          <div key={index} className="act-presence" data-testid={`${testId}-item-${index}`}>
            <Input
              className="act-presence__name"
              size="large"
              variant="borderless"
              value={item.name}
              placeholder={t('handover-acts.steps.itemName')}
              aria-label={t('handover-acts.steps.itemName')}
              status={error ? 'error' : undefined}
              onChange={(event) => set(index, { name: event.target.value })}
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
              <Typography.Text type="danger" data-testid={`act-error-${field}.${index}.name`}>
                {error.text ?? t(error.key)}
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
        onClick={() => onChange([...items, { name: '', present: true }])}
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

export function DamagesStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
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
      <Button block size="large" icon={<PlusOutlined />} onClick={() => change({ damages: [...draft.damages, newDamage()] })} data-testid="act-damage-add">
        {t('handover-acts.steps.addDamage')}
      </Button>
    </div>
  );
}

export function TiresStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
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
                min={0}
                max={20}
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
                min={0}
                max={30}
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
      <Button block size="large" icon={<PlusOutlined />} onClick={() => change({ tires: [...draft.tires, { position: '' }] })} data-testid="act-tire-add">
        {t('handover-acts.steps.addTire')}
      </Button>
    </div>
  );
}
