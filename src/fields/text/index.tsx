/** Text: any string without a more specific kind (e-mail, Latin-only, letters …). */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Input } from 'antd';
import type { FieldKind, WidgetProps } from '../types';
import { emptyToUndefined, hasType, lengthCount, PlainDisplay } from '../shared';

/** The browser's input type for a format: its own keyboard on a phone (`@`, `.com`), nothing else changed. */
const inputTypes: Record<string, string> = { email: 'email', 'web-address': 'url' };

export function TextWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema, options, autofocus }: WidgetProps) {
  return (
    <Input
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      name={id}
      value={(value as string | undefined) ?? ''}
      type={inputTypes[String(schema.format)] ?? 'text'}
      count={lengthCount(schema)}
      disabled={disabled || readonly}
      placeholder={placeholder}
      autoFocus={autofocus}
      onChange={(event) => onChange(emptyToUndefined(event.target.value, options.emptyValue))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const textKind: FieldKind = {
  name: 'text',
  match: (schema) => hasType(schema, 'string') || schema.type === undefined,
  Display: PlainDisplay,
  Widget: TextWidget,
};
