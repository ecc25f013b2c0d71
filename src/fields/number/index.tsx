/** Numbers, with their unit (`x-unit`, label `units.<unit>`) after the value. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, hasType, isBlank } from '../shared';

export function useUnitLabel(unit: unknown): string | undefined {
  const { t } = useTranslation();
  return typeof unit === 'string' ? t(`units.${unit}`, { defaultValue: unit }) : undefined;
}

// One formatter per language: `toLocaleString` builds a new one for every number it formats.
const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf(language: string): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language || undefined);
    formatters.set(language, formatter);
  }
  return formatter;
}

function NumberDisplay({ value, schema }: DisplayProps) {
  const { i18n } = useTranslation();
  const unit = useUnitLabel(schema['x-unit']);
  if (isBlank(value)) return <Blank />;
  const number = Number(value);
  const text = Number.isFinite(number) ? formatterOf(i18n.language).format(number) : String(value);
  return <>{unit ? `${text} ${unit}` : text}</>;
}

function NumberWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const unit = useUnitLabel(schema['x-unit']);
  return (
    <InputNumber
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      value={typeof value === 'number' ? value : null}
      style={{ width: '100%' }}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      precision={hasType(schema as PropertySchema, 'integer') ? 0 : undefined}
      addonAfter={unit}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(next) => onChange(next === null ? undefined : next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const numberKind: FieldKind = {
  name: 'number',
  match: (schema) => hasType(schema, 'number', 'integer'),
  Display: NumberDisplay,
  Widget: NumberWidget,
};
