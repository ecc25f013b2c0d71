/** Calendar dates ("YYYY-MM-DD", `format: "date"`): antd's DatePicker with dayjs. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';

export const dateFormat = 'YYYY-MM-DD';

function DateDisplay({ value }: DisplayProps) {
  if (isBlank(value)) return <Blank />;
  return <>{String(value).slice(0, 10)}</>;
}

function DateWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder }: WidgetProps) {
  const parsed = typeof value === 'string' && value ? dayjs(value, dateFormat) : null;
  return (
    <DatePicker
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      value={parsed && parsed.isValid() ? parsed : null}
      format={dateFormat}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(date) => onChange(date ? date.format(dateFormat) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const dateKind: FieldKind = {
  name: 'date',
  match: (schema) => schema.format === 'date',
  Display: DateDisplay,
  Widget: DateWidget,
};
