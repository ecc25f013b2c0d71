/** Passwords (`x-widget: "password"`): a masked input; never shown. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Input } from 'antd';
import type { FieldKind, WidgetProps } from '../types';
import { Blank, emptyToUndefined } from '../shared';

function PasswordDisplay() {
  return <Blank />;
}

function PasswordWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, options }: WidgetProps) {
  return (
    <Input.Password
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      name={id}
      autoComplete="new-password"
      value={(value as string | undefined) ?? ''}
      disabled={disabled || readonly}
      onChange={(event) => onChange(emptyToUndefined(event.target.value, options.emptyValue))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const passwordKind: FieldKind = {
  name: 'password',
  match: (schema) => schema['x-widget'] === 'password',
  Display: PasswordDisplay,
  Widget: PasswordWidget,
};
