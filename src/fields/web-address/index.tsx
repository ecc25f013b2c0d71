/** Web addresses (`format: "web-address"`, an order's route map): a link that opens in a new tab, typed with the URL keyboard. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Input } from 'antd';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, emptyToUndefined, isBlank } from '../shared';
import { webAddress } from '../../../validation/formats';

function WebAddressDisplay({ value }: DisplayProps) {
  if (isBlank(value)) return <Blank />;
  const text = String(value);
  // Only an address the format accepts becomes a link: a `javascript:` text stored before the check stays text.
  if (!webAddress(text)) return <>{text}</>;
  return (
    <a href={text} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

function WebAddressWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema, options }: WidgetProps) {
  return (
    <Input
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      name={id}
      type="url"
      inputMode="url"
      value={(value as string | undefined) ?? ''}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      disabled={disabled || readonly}
      placeholder={placeholder ?? 'https://'}
      onChange={(event) => onChange(emptyToUndefined(event.target.value, options.emptyValue))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const webAddressKind: FieldKind = {
  name: 'web-address',
  match: (schema) => schema.format === 'web-address',
  Display: WebAddressDisplay,
  Widget: WebAddressWidget,
};
