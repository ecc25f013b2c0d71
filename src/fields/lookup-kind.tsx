/**
 * The shared parts of the country, currency and contract kinds: a searchable select over a lookup list
 * (./lookups.ts). A list whose items belong to a country (contract types) is grouped by it and shows names
 * only; a stored value the list does not know (a contract typed in before the list) shows as it is.
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select, type SelectProps } from 'antd';
import type { DisplayProps, FieldKind, WidgetProps } from './types';
import { Blank, isBlank } from './shared';
import { useLookup, type LookupList, type LookupOption } from './lookups';

export function lookupKind(name: 'country' | 'currency' | 'contract', list: LookupList, { grouped = false } = {}): FieldKind {
  // Codes (DE, EUR) are worth showing beside their names; the ids of grouped lists are not.
  const labelOf = (option: LookupOption) => (grouped || option.label === option.value ? option.label : `${option.label} (${option.value})`);

  function LookupDisplay({ value }: DisplayProps) {
    const options = useLookup(list);
    if (isBlank(value)) return <Blank />;
    const option = options.find((item) => item.value === String(value));
    return <>{option ? labelOf(option) : String(value)}</>;
  }

  function selectOptions(options: LookupOption[]): SelectProps['options'] {
    const flat = options.map((option) => ({ value: option.value, label: labelOf(option) }));
    if (!grouped) return flat;
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const option of options) {
      const group = option.group ?? '';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)?.push({ value: option.value, label: option.label });
    }
    return [...groups].map(([group, items]) => ({ label: group, title: group, options: items }));
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
        options={selectOptions(options)}
        onChange={(next) => onChange(next ?? undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }

  return { name, match: (schema) => schema['x-widget'] === name, Display: LookupDisplay, Widget: LookupWidget };
}
