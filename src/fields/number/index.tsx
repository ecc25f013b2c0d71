/** Numbers, with their unit (`x-unit`, label `units.<unit>`) after the value, typed with the language's decimal mark. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, hasType, isBlank } from '../shared';
import { useDecimalInput } from './decimal-input';

export function useUnitLabel(unit: unknown): string | undefined {
  const { t } = useTranslation();
  return typeof unit === 'string' ? t(`units.${unit}`, { defaultValue: unit }) : undefined;
}

/** Units of money: shown with their cents always (1,234.50 €), as a price is written. */
const MONEY_UNITS = new Set(['eur']);

// One formatter per language, grouping and kind: `toLocaleString` builds a new one for every number it formats.
const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf(language: string, grouping: boolean, money: boolean): Intl.NumberFormat {
  const key = `${language}:${grouping}:${money}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const cents = money ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {};
    formatter = new Intl.NumberFormat(language || undefined, { useGrouping: grouping, ...cents });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many of `to` make one `from` (tonnes → kg: 1000); undefined when they do not convert. */
const conversions: Record<string, Record<string, number>> = { t: { kg: 1000 }, kg: { t: 0.001 } };

/** A number in the unit a view shows it in: a list's `x-list-unit`, converted from the stored `x-unit`. */
export function shownIn(number: number, schema: PropertySchema, view: DisplayProps['view']): { number: number; unit: unknown } {
  const stored = schema['x-unit'];
  const listed = schema['x-list-unit'];
  if (view !== 'list' || typeof stored !== 'string' || typeof listed !== 'string' || stored === listed) return { number, unit: stored };
  const factor = conversions[stored]?.[listed];
  return factor === undefined ? { number, unit: stored } : { number: Math.round(number * factor * 1000) / 1000, unit: listed };
}

function NumberDisplay({ value: stored, schema, view }: DisplayProps) {
  const { i18n } = useTranslation();
  // A record stored without the field has the schema's default, which is what applies (a document type's warning
  // days: 30 unless set): shown, not "—".
  const value = isBlank(stored) && typeof schema.default === 'number' ? schema.default : stored;
  const number = Number(value);
  const shown = shownIn(number, schema, view);
  const unit = useUnitLabel(shown.unit);
  if (isBlank(value)) return <Blank />;
  const money = typeof shown.unit === 'string' && MONEY_UNITS.has(shown.unit);
  const text = Number.isFinite(number) ? formatterOf(i18n.language, schema['x-grouping'] !== false, money).format(shown.number) : String(value);
  return <>{unit ? `${text} ${unit}` : text}</>;
}

function NumberWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const unit = useUnitLabel(schema['x-unit']);
  const decimal = useDecimalInput();
  // No min/max here: InputNumber would silently put 250 t back to 200; the schema's check says what is wrong instead.
  return (
    <InputNumber
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      value={typeof value === 'number' || typeof value === 'string' ? value : null}
      style={{ width: '100%' }}
      {...decimal}
      precision={hasType(schema as PropertySchema, 'integer') ? 0 : undefined}
      // A phone's keyboard of digits (with the decimal mark where fractions are allowed), not its letters.
      inputMode={hasType(schema as PropertySchema, 'integer') ? 'numeric' : 'decimal'}
      addonAfter={unit}
      disabled={disabled || readonly}
      placeholder={placeholder}
      // Text that is no number (pasted "abc", "1.23.4") is handed on as it is, for the schema's check to say "Must be a
      // number"; emptied it would pass for a blank field and read "Required".
      // (InputNumber calls onChange only when its number changes: none before, none after, so the text is looked at here.)
      onInput={(text) => {
        if (!text.trim()) onChange(undefined);
        else if (!Number.isFinite(Number(decimal.parser(text)))) onChange(text);
      }}
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
