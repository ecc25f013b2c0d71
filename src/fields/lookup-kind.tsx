/** The shared parts of the country and currency kinds: a searchable select over a lookup list (./lookups.ts). */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select } from 'antd';
import type { DisplayProps, FieldKind, WidgetProps } from './types';
import { Blank, isBlank } from './shared';
import { useLookup } from './lookups';

export function lookupKind(name: 'country' | 'currency', list: 'countries' | 'currencies'): FieldKind {
  function LookupDisplay({ value }: DisplayProps) {
    const options = useLookup(list);
    if (isBlank(value)) return <Blank />;
    const option = options.find((item) => item.value === String(value));
    return <>{option && option.label !== option.value ? `${option.label} (${option.value})` : String(value)}</>;
  }

  function LookupWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder }: WidgetProps) {
    const options = useLookup(list);
    return (
      <Select
        id={id}
        aria-describedby={ariaDescribedByIds(id)}
        value={isBlank(value) ? undefined : String(value)}
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={disabled || readonly}
        placeholder={placeholder}
        options={options.map((option) => ({ value: option.value, label: option.label === option.value ? option.value : `${option.label} (${option.value})` }))}
        onChange={(next) => onChange(next ?? undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }

  return { name, match: (schema) => schema['x-widget'] === name, Display: LookupDisplay, Widget: LookupWidget };
}
