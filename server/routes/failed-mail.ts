/**
 * `GET /api/mail/failed`: the tenant's mails that could not be sent after every retry (mail-queue.ts),
 * newest first, for administrators only (403 for anyone else: a failed mail names its recipient and
 * what it was about). Query `page` (≥ 1), `perPage` (1–100, 20).
 * Answer: `{ data: [{ id, kind, to, subject, attempts, last_error, created_at, failed_at }], pagination }`.
 */
import type { FastifyInstance } from 'fastify';
import { addMessage, type FieldMessages } from '../../validation/messages';
import type { Database } from '../db/database';
import { HttpError } from '../http-error';
import { failedMails } from '../mail/mail-queue';
import { SIGNED_IN } from '../plugins/auth';

function pageNumber(value: unknown, fallback: number, max: number, field: string, errors: FieldMessages): number {
  if (value === undefined || value === '') return fallback;
  const number = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!(number >= 1 && number <= max)) addMessage(errors, field, { key: 'validation.invalid' });
  return number >= 1 && number <= max ? number : fallback;
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function failedMailRoutes(app: FastifyInstance, options: { database: Database }) {
  const { pool } = options.database;
  const query = { page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 }, perPage: { type: 'integer', minimum: 1, maximum: 100, default: 20 } };
  app.get('/api/mail/failed', { onRequest: app.authenticate, config: { permission: SIGNED_IN, query } }, async (request) => {
    if (request.user.data.administrator !== true) throw new HttpError(403, 'errors.forbidden');
    const query = request.query as Record<string, unknown>;
    const errors: FieldMessages = {};
    for (const name of Object.keys(query)) if (name !== 'page' && name !== 'perPage') addMessage(errors, name, { key: 'validation.notAllowed' });
    const page = pageNumber(query.page, 1, 1_000_000, 'page', errors);
    const perPage = pageNumber(query.perPage, 20, 100, 'perPage', errors);
    if (Object.keys(errors).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: errors });
    const { items, total } = await failedMails(pool, request.user.tenant_id, page, perPage);
    return { data: items, pagination: { total, currentPage: page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) } };
  });
}
