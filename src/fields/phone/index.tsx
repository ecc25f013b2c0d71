/** Phone numbers in international format (`format: "phone"` / `x-widget: "phone"`); shown as a tel: link. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, emptyToUndefined, isBlank } from '../shared';

function PhoneDisplay({ value }: DisplayProps) {
  if (isBlank(value)) return <Blank />;
  const text = String(value);
  return <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>;
}

function PhoneWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, options }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <Input
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      name={id}
      type="tel"
      autoComplete="tel"
      value={(value as string | undefined) ?? ''}
      disabled={disabled || readonly}
      placeholder={t('fields.phone.placeholder')}
      onChange={(event) => onChange(emptyToUndefined(event.target.value, options.emptyValue))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const phoneKind: FieldKind = {
  name: 'phone',
  match: (schema) => schema['x-widget'] === 'phone' || schema.format === 'phone',
  Display: PhoneDisplay,
  Widget: PhoneWidget,
};
