/**
 * The query of the compliance readers (`GET /api/compliance`, `GET /api/hr/expiring`): `page` (≥ 1),
 * `perPage` (1–100, 10), `state`, `subject_type`, `kind`, `company_id`, `within_days` (1–365), each only
 * where the route allows it. Anything else, or a bad value, is a 422 naming the parameter.
 */
import { addMessage, type FieldMessages } from '../../validation/messages';
import { COMPLIANCE_STATES, OBLIGATION_KINDS, SUBJECT_TYPES, type ComplianceFilter } from '../../resources/compliance';
import { HttpError } from '../http-error';

function integerIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** The parameters `readComplianceQuery` reads with these `allowed`, as JSON Schemas for the OpenAPI document. */
export function complianceQueryDocumented(allowed: { states: readonly string[]; filters: readonly string[] }): Record<string, Record<string, unknown>> {
  return {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    state: { type: 'string', enum: COMPLIANCE_STATES.filter((state) => allowed.states.includes(state)) },
    ...(allowed.filters.includes('subject_type') ? { subject_type: { type: 'string', enum: [...SUBJECT_TYPES] } } : {}),
    ...(allowed.filters.includes('kind') ? { kind: { type: 'string', enum: [...OBLIGATION_KINDS] } } : {}),
    company_id: { type: 'integer', minimum: 1, description: 'Only what belongs to this company' },
    within_days: {
      type: 'integer',
      minimum: 1,
      maximum: 365,
      description: 'Counts as expiring what ends within so many days (by default each type’s own warning days)',
    },
  };
}

export function readComplianceQuery(query: Record<string, unknown>, allowed: { states: readonly string[]; filters: readonly string[] }) {
  const parameters = ['page', 'perPage', 'state', 'company_id', 'within_days', ...allowed.filters];
  const errors: FieldMessages = {};
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(query)) {
    if (!parameters.includes(name) || typeof value !== 'string') addMessage(errors, name, { key: 'validation.notAllowed' });
    else if (value !== '') values.set(name, value);
  }
  const read = (name: string, min: number, max: number) => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    const value = integerIn(text, min, max);
    if (value === null) addMessage(errors, name, { key: 'validation.invalid' });
    return value ?? undefined;
  };
  const oneOf = <T extends string>(name: string, choices: readonly T[]): T | undefined => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    if ((choices as readonly string[]).includes(text)) return text as T;
    addMessage(errors, name, { key: 'validation.enum' });
    return undefined;
  };
  const page = read('page', 1, 1_000_000) ?? 1;
  const perPage = read('perPage', 1, 100) ?? 10;
  const filter: ComplianceFilter = {
    state: oneOf(
      'state',
      COMPLIANCE_STATES.filter((state) => allowed.states.includes(state)),
    ),
    subjectType: oneOf('subject_type', SUBJECT_TYPES),
    kind: oneOf('kind', OBLIGATION_KINDS),
    companyId: read('company_id', 1, Number.MAX_SAFE_INTEGER),
    withinDays: read('within_days', 1, 365),
  };
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: errors });
  for (const key of Object.keys(filter) as Array<keyof ComplianceFilter>) if (filter[key] === undefined) delete filter[key];
  return { page, perPage, filter };
}
