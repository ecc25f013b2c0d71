/**
 * Sensitive data (fields marked `x-sensitive`: passport and bank account numbers, IBANs, tax ids, card
 * PINs, an employee's birth data and family contacts) for members without `sensitive.view`:
 * - every response masks them (lists, show, the answers of create and update, hand-written routes);
 * - they cannot search, filter or sort by them (list-query.ts: a search would reveal them letter by letter);
 * - they cannot write them (403), but a form that posts back the masked value it was shown keeps working:
 *   an unchanged masked value is dropped from the body.
 * The audit trail masks them for everyone.
 */
import { HttpError } from '../http-error';
import type { EngineResource } from './model';

export const MASK = '••••';

/**
 * Long values (IBANs, account numbers) keep their last four characters to be told apart; short ones (PINs) keep
 * nothing, and neither do dates: a birth date's last four are its month and day, and the age beside it gives the year.
 */
export function maskValue(value: unknown): string {
  if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}/.test(value)) return MASK;
  if (value.replace(/\s/g, '').length >= 10) return `${MASK}${value.replace(/\s/g, '').slice(-4)}`;
  return MASK;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The wire record with its sensitive fields masked (a copy; absent fields stay absent). */
export function maskRecord(resource: EngineResource, record: Record<string, unknown>): Record<string, unknown> {
  if (resource.sensitiveFields.length === 0) return record;
  const masked = { ...record };
  for (const field of resource.sensitiveFields) if (present(masked[field])) masked[field] = maskValue(masked[field]);
  return masked;
}

/** The sensitive fields that hold a value in a record (what a permitted reader has just seen). */
export function sensitiveFieldsIn(resource: EngineResource, data: Record<string, unknown>): string[] {
  return resource.sensitiveFields.filter((field) => present(data[field]));
}

/**
 * A body from a member without `sensitive.view`: unchanged masked values are dropped, anything else
 * touching a sensitive field is a 403 naming the field by `label` (nothing is written). `current` is the stored
 * data on update.
 */
export function withoutSensitiveWrites(
  resource: EngineResource,
  body: Record<string, unknown>,
  current: Record<string, unknown> | null,
  label: (field: string) => string = (field) => field,
): Record<string, unknown> {
  const result = { ...body };
  for (const field of resource.sensitiveFields) {
    if (!Object.hasOwn(result, field)) continue;
    const sent = result[field];
    const stored = current?.[field];
    // Only the mask counts as unchanged: accepting the true value too would let a member test guesses.
    const unchanged = present(stored) ? sent === maskValue(stored) : !present(sent);
    if (!unchanged) throw new HttpError(403, 'errors.sensitiveWrite', { params: { field: label(field) } });
    delete result[field];
  }
  return result;
}
