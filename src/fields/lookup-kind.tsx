/**
 * The shared parts of the lookup kinds: a searchable select over a reference list (./lookups.ts). Countries and
 * currencies show their codes beside their names (DE, EUR); the ids of the other lists are not worth showing. A
 * list whose items belong to something (contract types to a country, car models to a brand) is grouped by it.
 * A stored value the list does not know (a contract typed in before the list) shows as it is. The value stored
 * is the item's id, as text or as a number, as the field's type says.
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select, type SelectProps } from 'antd';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from './types';
import { Blank, isBlank } from './shared';
import { optionsWithin, useLookup, type LookupList, type LookupOption } from './lookups';
import { foldText } from '../../validation/fold-text';
import { labelHolds } from './option-filter';

interface LookupKindOptions {
  /** The list a property of this kind picks from. */
  listOf: (schema: PropertySchema) => LookupList;
  /** Codes (DE, EUR) are shown beside the names. */
  showCodes?: boolean;
}

const isNumeric = (schema: PropertySchema) => [schema.type].flat().some((type) => type === 'integer' || type === 'number');

export function lookupKind(name: string, match: FieldKind['match'], { listOf, showCodes = false }: LookupKindOptions): FieldKind {
  const labelOf = (option: LookupOption) => (showCodes && option.label !== option.value ? `${option.label} (${option.value})` : option.label);

  function LookupDisplay({ value, schema }: DisplayProps) {
    const options = useLookup(listOf(schema));
    if (isBlank(value)) return <Blank />;
    const option = options.find((item) => item.value === String(value));
    return <>{option ? labelOf(option) : String(value)}</>;
  }

  function selectOptions(options: LookupOption[]): SelectProps['options'] {
    if (!options.some((option) => option.group)) return options.map((option) => ({ value: option.value, label: labelOf(option) }));
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const option of options) {
      const group = option.group ?? '';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)?.push({ value: option.value, label: option.label });
    }
    return [...groups].map(([group, items]) => ({ label: group, title: group, options: items }));
  }

  /**
   * Typed "EUR": the euro first, not "WIR Euro (CHE)" above it in the list's order, so Enter picks what was meant. An
   * option whose code is the text comes first, then those whose name starts with it, then the rest as listed.
   */
  function rankOf(option: { value?: unknown; label?: unknown }, searched: string): number {
    if (!searched) return 2;
    if (showCodes && foldText(String(option.value)) === searched) return 0;
    return typeof option.label === 'string' && foldText(option.label).startsWith(searched) ? 1 : 2;
  }

  function LookupWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema, registry }: WidgetProps) {
    const property = schema as PropertySchema;
    // `x-lookup-within`: the group its sibling names in the form (a vehicle's brand) narrows the list.
    const within = property['x-lookup-within'];
    const siblings = (registry?.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
    const options = optionsWithin(useLookup(listOf(property)), typeof within === 'string' ? siblings?.[within] : undefined, value);
    const stored = (next: string | undefined) => (next === undefined ? undefined : isNumeric(property) ? Number(next) : next);
    return (
      <Select
        id={id}
        aria-describedby={ariaDescribedByIds(id)}
        value={isBlank(value) ? undefined : String(value)}
        allowClear
        showSearch
        filterOption={labelHolds}
        filterSort={(a, b, { searchValue }) => rankOf(a, foldText(searchValue.trim())) - rankOf(b, foldText(searchValue.trim()))}
        disabled={disabled || readonly}
        placeholder={placeholder}
        options={selectOptions(options)}
        onChange={(next: string | undefined) => onChange(stored(next ?? undefined))}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }

  return { name, match, Display: LookupDisplay, Widget: LookupWidget };
}
