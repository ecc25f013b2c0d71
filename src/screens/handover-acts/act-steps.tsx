/**
 * The first steps of the new act form (issue 13), one screen each, made for a phone: one column, large
 * inputs and buttons, the camera for photos: vehicle and date, the people, fuel, mileage, the selfie. The
 * list steps (equipment, damages, documents, tyres) are in act-list-steps.tsx.
 */
import { Alert, DatePicker, Form, Grid, InputNumber, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateFormat, useCalendarDay } from '../../fields/date/calendar-day';
import { useDecimalInput } from '../../fields/number/decimal-input';
import { PhotoInput, Thumb } from './photo-input';
import { RecordPicker } from './record-picker';
import { Field, numberOrUndefined, type StepProps } from './step-field';
import { mileageJump } from './act-draft';

export type { StepProps } from './step-field';

export function VehicleStep({ draft, change, errors }: StepProps) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  // On a phone the calendar alone (no keyboard over half the screen); on a wider screen the day may be typed too.
  const phone = !Grid.useBreakpoint().md;
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
          value={draft.date ? dayjs(draft.date, dateFormat) : null}
          format={day.picker}
          onChange={(value) => change({ date: value ? value.format(dateFormat) : '' })}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          inputReadOnly={phone}
          placeholder={t('fields.date.placeholder')}
          // Enter takes the day typed; it does not go on to the step's Next.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
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
  const decimal = useDecimalInput();
  return (
    <>
      <Field label={`${t('handover-acts.fields.fuel_remaining')} (${t('units.l')})`} name="fuel_remaining" errors={errors}>
        <InputNumber
          id="act-fuel_remaining"
          size="large"
          {...decimal}
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

export function MileageStep({ draft, change, errors, vehicleMileage }: StepProps) {
  const { t } = useTranslation();
  const decimal = useDecimalInput();
  // An extra digit typed in the yard would become the vehicle's mileage: a reading far above the last is questioned.
  const jump = mileageJump(draft, { vehicleMileage });
  return (
    <>
      <Field
        label={`${t('handover-acts.fields.mileage')} (${t('units.km')})`}
        name="mileage"
        errors={errors}
        extra={
          vehicleMileage === undefined ? undefined : (
            <>
              <span data-testid="act-last-mileage">{t('handover-acts.steps.lastMileage', { last: vehicleMileage })}</span>
              {jump !== undefined && (
                <Alert
                  type="warning"
                  showIcon
                  role="status"
                  data-testid="act-mileage-jump"
                  className="act-step__warning"
                  message={t('handover-acts.steps.mileageJump', { jump })}
                />
              )}
            </>
          )
        }
      >
        <InputNumber
          id="act-mileage"
          size="large"
          {...decimal}
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
