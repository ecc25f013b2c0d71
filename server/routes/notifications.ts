/**
 * The header bell (issue 14): a member's notifications are the compliance items they may see by their
 * rights (server/compliance/, the same engine as the compliance page: an employee's only with
 * `employees.view`, a vehicle's only with `transport.view` …), at most `BELL_SIZE`: missing ones, then those
 * about to expire (soonest first), then expired ones, each state with its share of the bell (`BELL_SHARES`), so
 * that documents that expired years ago do not push out the one that expires tomorrow; a share left unused goes
 * to the others. Each with whether this member has read it. Read marks are kept per
 * member by the item's key (notification_reads, server/notifications/read-marks.ts): a renewed document is
 * a new item, unread again.
 *
 * `GET /api/notifications` → `{ data: [ComplianceItem & { read }], unread }` (unread: how many of them).
 * `POST /api/notifications/read` with `{ keys: [key, …] }` (1–100 keys) or `{ all: true }` (every item the
 * bell shows now) → `{ data: { keys } }`, the keys marked. Any other body: 422 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holds as memberHolds } from '../../resources/permissions';
import { addMessage, type FieldMessages } from '../../validation/messages';
import { compliancePages } from '../compliance/page-cache';
import { SUBJECT_RIGHTS, type ComplianceItem, type Holds } from '../../resources/compliance';
import { BELL_SHARES, BELL_SIZE, bellSelection } from '../notifications/bell-selection';
import type { ComplianceChanges } from '../compliance/change-watch';
import type { Database } from '../db/database';
import { HttpError } from '../http-error';
import { markRead, readKeys, type Reader } from '../notifications/read-marks';
import { SIGNED_IN } from '../plugins/auth';

const MAX_KEYS = 100;

const MAX_KEY_LENGTH = 200;

const readerOf = (request: FastifyRequest): Reader => ({ tenantId: Number(request.user.tenant_id), userId: Number(request.user.id) });

function readBody(body: unknown): { keys: string[] } | { all: true } {
  const errors: FieldMessages = {};
  const invalid = () => new HttpError(422, 'errors.invalidData', { fieldErrors: errors });
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    addMessage(errors, 'keys', { key: 'validation.required' });
    throw invalid();
  }
  const fields = body as Record<string, unknown>;
  for (const name of Object.keys(fields)) if (name !== 'keys' && name !== 'all') addMessage(errors, name, { key: 'validation.notAllowed' });
  if ('all' in fields && fields.all !== true) addMessage(errors, 'all', { key: 'validation.invalid' });
  if ('keys' in fields && 'all' in fields) addMessage(errors, 'all', { key: 'validation.notAllowed' });
  const keys = fields.keys;
  if (!('all' in fields)) {
    if (keys === undefined) addMessage(errors, 'keys', { key: 'validation.required' });
    else if (!Array.isArray(keys) || keys.length === 0) addMessage(errors, 'keys', { key: 'validation.invalid' });
    else if (keys.length > MAX_KEYS) addMessage(errors, 'keys', { key: 'validation.invalid' });
    else if (!keys.every((key) => typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH && ![...key].some((character) => character < ' ')))
      addMessage(errors, 'keys', { key: 'validation.invalid' });
  }
  if (Object.keys(errors).length > 0) throw invalid();
  return fields.all === true ? { all: true } : { keys: keys as string[] };
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function notificationRoutes(app: FastifyInstance, options: { database: Database; changes: ComplianceChanges }) {
  const { pool } = options.database;
  // Every member's bell asks every minute and when opened: on the embedded database, pages are shared
  // until the next write (compliance/page-cache.ts), keyed by what the reader may see.
  const pages = compliancePages(options.changes);
  app.addHook('onClose', (_instance, done) => {
    pages.stop();
    done();
  });

  /** The bell's items for the member: none without any of the four view rights (the core needs one). */
  async function bellItems(request: FastifyRequest): Promise<ComplianceItem[]> {
    const holds: Holds = (permission) => memberHolds(request.user.data, permission);
    if (!Object.values(SUBJECT_RIGHTS).some(holds)) return [];
    const tenantId = Number(request.user.tenant_id);
    const pagesByState = await Promise.all(
      BELL_SHARES.map(
        async ([state]) => [state, (await pages.read(pool, app.engine, tenantId, holds, { state }, { page: 1, perPage: BELL_SIZE })).items] as const,
      ),
    );
    return bellSelection(new Map(pagesByState));
  }

  app.get('/api/notifications', { onRequest: app.authenticate, config: { permission: SIGNED_IN } }, async (request) => {
    const items = await bellItems(request);
    const read = await readKeys(
      pool,
      readerOf(request),
      items.map((item) => item.key),
    );
    const data = items.map((item) => ({ ...item, read: read.has(item.key) }));
    return { data, unread: data.filter((item) => !item.read).length };
  });

  app.post('/api/notifications/read', { onRequest: app.authenticate, config: { permission: SIGNED_IN } }, async (request) => {
    const body = readBody(request.body);
    const keys = 'all' in body ? (await bellItems(request)).map((item) => item.key) : body.keys;
    await markRead(pool, readerOf(request), keys);
    return { data: { keys } };
  });
}
