/**
 * `GET /api/hr/expiring`: what expires in the tenant, soonest first, for HR main's "documents expiring
 * soon" panel (SPEC §2, §4) and, later, the compliance page: every active employee's relevant HR document
 * status and current passport whose end date is past (`expired`) or within its threshold (`expiring`; an HR
 * document type's `warning_days`, 30 by default and for passports). One statement per page (expiry/), reading about as many rows as it shows.
 *
 * Query: `page` (≥ 1), `perPage` (1–100, 10), `state` (expired | expiring), `company_id`, `within_days`
 * (1–365: one threshold for every item instead of each type's). Anything else is a 422 naming it.
 * Answer: `{ data: [{ kind, item_id, document_id, subject: { type, id, label }, company_id, type_id,
 * type_name, valid_until, days_left, state }], pagination: { currentPage, perPage, hasMore } }`: no total,
 * which would read every item of a large tenant on every request (expiry/expiring-query.ts).
 */
import type { FastifyInstance } from 'fastify';
import { addMessage, type FieldMessages } from '../../validation/messages';
import type { Database } from '../db/database';
import { expiringPages } from '../expiry/expiring-cache';
import type { ExpiringFilter } from '../expiry/expiring-query';
import { HttpError } from '../http-error';

const PARAMETERS = ['page', 'perPage', 'state', 'company_id', 'within_days'];

function integerIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function readQuery(query: Record<string, unknown>) {
  const errors: FieldMessages = {};
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(query)) {
    if (!PARAMETERS.includes(name) || typeof value !== 'string') addMessage(errors, name, { key: 'validation.notAllowed' });
    else if (value !== '') values.set(name, value);
  }
  const read = (name: string, min: number, max: number) => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    const value = integerIn(text, min, max);
    if (value === null) addMessage(errors, name, { key: 'validation.invalid' });
    return value ?? undefined;
  };
  const page = read('page', 1, 1_000_000) ?? 1;
  const perPage = read('perPage', 1, 100) ?? 10;
  const filter: ExpiringFilter = { companyId: read('company_id', 1, Number.MAX_SAFE_INTEGER), withinDays: read('within_days', 1, 365) };
  const state = values.get('state');
  if (state === 'expired' || state === 'expiring') filter.state = state;
  else if (state !== undefined) addMessage(errors, 'state', { key: 'validation.enum' });
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: errors });
  return { page, perPage, filter };
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function expiringRoutes(app: FastifyInstance, options: { database: Database }) {
  // Cached on the embedded database until the next write (expiry/expiring-cache.ts).
  const pages = expiringPages(options.database);
  app.addHook('onClose', (_instance, done) => {
    pages.stop();
    done();
  });
  app.get('/api/hr/expiring', { onRequest: app.authenticate, config: { permission: 'employees.view' } }, async (request) => {
    const { page, perPage, filter } = readQuery(request.query as Record<string, unknown>);
    const { items, hasMore } = await pages.read(options.database.pool, app.engine, request.user.tenant_id, filter, { page, perPage });
    return { data: items, pagination: { currentPage: page, perPage, hasMore } };
  });
}
