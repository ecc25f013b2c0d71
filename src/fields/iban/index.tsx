/** IBANs (`format: "iban"` / `x-widget: "iban"`): typed in capitals, shown in groups of four. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Input } from 'antd';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, emptyToUndefined, isBlank } from '../shared';

export function formatIban(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

function IbanDisplay({ value }: DisplayProps) {
  if (isBlank(value)) return <Blank />;
  return <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{formatIban(String(value))}</span>;
}

function IbanWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, options }: WidgetProps) {
  return (
    <Input
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      name={id}
      value={(value as string | undefined) ?? ''}
      style={{ fontFamily: 'monospace' }}
      autoComplete="off"
      disabled={disabled || readonly}
      placeholder={placeholder || 'DE89 3704 0044 0532 0130 00'}
      onChange={(event) => onChange(emptyToUndefined(event.target.value.toUpperCase(), options.emptyValue))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const ibanKind: FieldKind = {
  name: 'iban',
  match: (schema) => schema['x-widget'] === 'iban' || schema.format === 'iban',
  Display: IbanDisplay,
  Widget: IbanWidget,
};
