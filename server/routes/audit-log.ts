/**
 * `GET /api/audit-log`: the audit trail (engine/audit.ts writes it), newest first, paginated like every
 * list (`{data, pagination}`), filterable by `user_id`, `resource`, `record_id`, `action` (one or more,
 * comma-separated) and a `from`/`to` date range. Tenant-wide it needs `audit.view`; one record's history
 * (`resource` + `record_id`, the History tab) needs only that resource's view right, and holds the changes of the
 * records that belong to it too (engine/audit-owner.ts: an employee's passports), of the resources the member may
 * view. There is no endpoint that writes or deletes entries.
 */
import type { FastifyInstance } from 'fastify';
import { AUDIT_RIGHT, holds, permissionName } from '../../resources/permissions';
import { formats } from '../../validation/formats';
import { addMessage, type FieldMessages } from '../../validation/messages';
import type { Database } from '../db/database';
import { join, sql, type Sql } from '../db/sql';
import { AUDIT_ACTIONS } from '../engine/audit';
import type { EngineResource } from '../engine/model';
import { HttpError } from '../http-error';
import { SIGNED_IN } from '../plugins/auth';

const MAX_PER_PAGE = 100;

/** The parameters the trail reads, as JSON Schemas for the OpenAPI document; any other is a 422. */
const DOCUMENTED_PARAMETERS: Record<string, Record<string, unknown>> = {
  page: { type: 'integer', minimum: 1, default: 1 },
  perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 20 },
  user_id: { type: 'integer', minimum: 1, description: 'Only what this member did' },
  resource: { type: 'string', description: 'Only this resource’s records (its name, e.g. `orders`)' },
  record_id: {
    type: 'integer',
    minimum: 1,
    description: 'With `resource`: one record’s history, including the records it owns; open to whoever may view the record',
  },
  action: { type: 'string', pattern: `^(${AUDIT_ACTIONS.join('|')})(,(${AUDIT_ACTIONS.join('|')}))*$`, description: 'One or more actions, comma-separated' },
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
};
const PARAMETERS = new Set(Object.keys(DOCUMENTED_PARAMETERS));

interface AuditRow {
  id: number;
  at: Date;
  user_id: number | null;
  user_name: string;
  resource: string;
  record_id: number;
  action: string;
  changes: unknown;
  fields: unknown;
}

const positive = (text: string) => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : null);

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function auditLogRoutes(app: FastifyInstance, options: { database: Database }) {
  const { pool } = options.database;

  // The resources whose records belong to each resource's (audit-owner.ts), worked out once.
  const ownedBy = new Map<string, EngineResource[]>();
  for (const candidate of app.engine.resources) {
    const owner = candidate.auditOwner?.resource;
    if (owner) ownedBy.set(owner, [...(ownedBy.get(owner) ?? []), candidate]);
  }

  /** One record's entries and those of the records that belong to it, of the resources `member` may view. */
  const recordAndItsOwn = (resource: EngineResource, recordId: number, member: Parameters<typeof holds>[0]): Sql => {
    const own = sql`(resource = ${resource.name} AND record_id = ${recordId})`;
    const belonging = (ownedBy.get(resource.name) ?? [])
      .filter((candidate) => holds(member, permissionName(candidate.definition.permission, 'view')))
      .map((candidate) => candidate.name);
    if (belonging.length === 0) return own;
    return sql`(${own} OR (owner_resource = ${resource.name} AND owner_id = ${recordId} AND resource = ANY(${belonging}::text[])))`;
  };

  app.get('/api/audit-log', { onRequest: app.authenticate, config: { permission: SIGNED_IN, query: DOCUMENTED_PARAMETERS } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const errors: FieldMessages = {};
    const values = new Map<string, string>();
    for (const [name, value] of Object.entries(query)) {
      if (!PARAMETERS.has(name)) addMessage(errors, name, { key: 'validation.notAllowed' });
      else if (typeof value !== 'string') addMessage(errors, name, { key: 'validation.invalid' });
      else if (value.trim() !== '') values.set(name, value.trim());
    }
    const number = (name: string, max = Number.MAX_SAFE_INTEGER) => {
      const text = values.get(name);
      if (text === undefined) return undefined;
      const value = positive(text);
      if (value === null || value > max) return void addMessage(errors, name, { key: 'validation.invalid' });
      return value;
    };
    const date = (name: string) => {
      const text = values.get(name);
      if (text !== undefined && !formats.date(text)) addMessage(errors, name, { key: 'validation.format.date' });
      return text;
    };
    const page = number('page') ?? 1;
    const perPage = number('perPage', MAX_PER_PAGE) ?? 20;
    const userId = number('user_id');
    const recordId = number('record_id');
    const from = date('from');
    const to = date('to');
    // `action=create,update,delete`: the changes without the reads of sensitive data that every visit writes.
    const actions = values.get('action')?.split(',');
    if (actions && !actions.every((action) => (AUDIT_ACTIONS as readonly string[]).includes(action)))
      addMessage(errors, 'action', { key: 'validation.invalid' });
    const resourceName = values.get('resource');
    const resource = resourceName === undefined ? undefined : app.engine.byName.get(resourceName);
    if (resourceName !== undefined && !resource) addMessage(errors, 'resource', { key: 'validation.invalid' });
    if (Object.keys(errors).length > 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: errors });

    // One record's history is part of seeing the record; the whole trail is for those allowed to audit.
    const member = request.user.data;
    const allowed =
      holds(member, AUDIT_RIGHT) || (resource !== undefined && recordId !== undefined && holds(member, permissionName(resource.definition.permission, 'view')));
    if (!allowed) throw new HttpError(403, 'errors.forbidden');

    const conditions: Sql[] = [sql`tenant_id = ${request.user.tenant_id}`];
    if (userId !== undefined) conditions.push(sql`user_id = ${userId}`);
    if (resource && recordId !== undefined) conditions.push(recordAndItsOwn(resource, recordId, member));
    else if (resource) conditions.push(sql`resource = ${resource.name}`);
    else if (recordId !== undefined) conditions.push(sql`record_id = ${recordId}`);
    if (actions) conditions.push(sql`action = ANY(${actions}::text[])`);
    if (from) conditions.push(sql`at >= ${from}::date`);
    if (to) conditions.push(sql`at < ${to}::date + 1`);
    const where = join(conditions, ' AND ');
    const count = sql`SELECT count(*)::int AS total FROM audit_log WHERE ${where}`.render();
    const total = ((await pool.query(count.text, count.values)).rows[0] as { total: number }).total;
    const pageQuery = sql`SELECT id, at, user_id, user_name, resource, record_id, action, changes, fields FROM audit_log WHERE ${where}
                          ORDER BY at DESC, id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.render();
    const rows = (await pool.query(pageQuery.text, pageQuery.values)).rows as AuditRow[];
    return {
      data: rows.map((row) => ({
        ...row,
        id: Number(row.id),
        user_id: row.user_id === null ? null : Number(row.user_id),
        record_id: Number(row.record_id),
        at: new Date(row.at).toISOString(),
      })),
      pagination: { total, currentPage: page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) },
    };
  });
}
