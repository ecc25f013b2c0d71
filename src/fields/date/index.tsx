/**
 * Calendar dates ("YYYY-MM-DD", `format: "date"`): antd's DatePicker with dayjs; an end of validity (`x-expiry`) shows
 * its indicator, "Not yet valid" instead of "Valid" while the start it may not precede (`x-not-before`) is ahead.
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';
import { expiryStateOf, localToday } from './expiry';
import { ExpiryTag, NotYetValidTag } from './expiry-tag';
import { dateFormat, useCalendarDay } from './calendar-day';

// Strict reading of a typed day in a given form (antd's picker extends it too; said here, where it is relied on).
dayjs.extend(customParseFormat);

function DateDisplay({ value, schema, field, record }: DisplayProps) {
  const day = useCalendarDay();
  if (isBlank(value)) return <Blank />;
  const warningDays = schema['x-expiry'];
  if (typeof warningDays !== 'number') return <>{day.show(String(value))}</>;
  // An end of validity (`x-expiry`): with its indicator.
  const state = expiryStateOf(String(value).slice(0, 10), warningDays);
  const startField = schema['x-not-before'];
  const start = typeof startField === 'string' ? record?.[startField] : undefined;
  const notYet = state === 'good' && typeof start === 'string' && start.slice(0, 10) > localToday();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {day.show(String(value))} {notYet ? <NotYetValidTag testId={`expiry-${field}`} /> : <ExpiryTag state={state} testId={`expiry-${field}`} />}
    </span>
  );
}

function DateWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const parsed = typeof value === 'string' && value ? dayjs(value, dateFormat) : null;
  const [open, setOpen] = useState(false);
  return (
    <DatePicker
      id={id}
      open={open}
      onOpenChange={setOpen}
      // While its calendar is open, Enter confirms the date typed and Esc closes the calendar: neither goes on
      // to submit the form or close the dialog around it, which would save half a form or lose it.
      onKeyDown={(event) => {
        // Arrow down opens the calendar from the keyboard (then the arrows move through its days).
        if (!open && event.key === 'ArrowDown') {
          event.preventDefault();
          setOpen(true);
          return;
        }
        if (!open) return;
        if (event.key === 'Enter') event.preventDefault();
        if (event.key === 'Escape') {
          event.stopPropagation();
          setOpen(false);
        }
      }}
      aria-describedby={ariaDescribedByIds(id)}
      value={parsed && parsed.isValid() ? parsed : null}
      format={day.picker}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      placeholder={placeholder || t('fields.date.placeholder')}
      onChange={(date) => onChange(date ? date.format(dateFormat) : undefined)}
      onBlur={(event) => {
        // A day that does not exist (30 February, month 13) typed: the picker would drop it without a word. Kept as
        // typed, the form's check says "Invalid date" under the field instead.
        const typed = (event.target as HTMLInputElement).value.trim();
        if (typed && !day.picker.some((format) => dayjs(typed, format, true).isValid())) onChange(typed);
        onBlur(id, value);
      }}
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
