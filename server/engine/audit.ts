/**
 * The audit trail (table `audit_log`, migration 004): every create, update and delete through the
 * engine and the hand-written routes, and every read of sensitive data by a member allowed to see it.
 * Written on the caller's client, so an entry exists exactly when its change was committed. Entries are
 * never updated or deleted through the API (routes/audit-log.ts only reads).
 */
import type { Queryable } from '../db/pool';
import { Sql, sql } from '../db/sql';
import { MASK, maskValue } from './masking';
import type { EngineResource } from './model';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'read', 'import'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface Actor {
  id: number;
  tenant_id: number;
  login: string;
  name: string | null;
  last_name: string | null;
}

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** How the trail names a member: full name when known, else the login. */
export function actorName(actor: Actor): string {
  return [actor.name, actor.last_name].filter(Boolean).join(' ') || actor.login;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Changed fields, before → after; sensitive values masked, write-only ones (passwords) never shown. */
export function changesBetween(resource: EngineResource, beforeRecord: object | null, afterRecord: object | null): Changes {
  const before = beforeRecord as Record<string, unknown> | null;
  const after = afterRecord as Record<string, unknown> | null;
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const old = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (same(old, now)) continue;
    const property = resource.properties[field];
    const hidden = property?.writeOnly === true;
    const sensitive = resource.sensitiveFields.includes(field);
    const shown = (value: unknown) => (value === null ? null : hidden ? MASK : sensitive ? maskValue(value) : value);
    changes[field] = { before: shown(old), after: shown(now) };
  }
  return changes;
}

/**
 * `parentId`: the record's parent, for a child resource (an employee's passport), which its History entry also
 * belongs to (audit-owner.ts); the record's data (after, else before) names the owner of any other.
 */
export async function recordChange(
  client: Queryable,
  actor: Actor,
  resource: EngineResource,
  recordId: number,
  action: Exclude<AuditAction, 'read'>,
  before: object | null,
  after: object | null,
  parentId: number | null = null,
): Promise<void> {
  const changes = changesBetween(resource, before, after);
  // An update that changed nothing (a form saved as it was) is not news.
  if (action === 'update' && Object.keys(changes).length === 0) return;
  const owner = resource.auditOwner;
  await client.query(
    `INSERT INTO audit_log (tenant_id, user_id, user_name, resource, record_id, action, changes, owner_resource, owner_id)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, ${owner ? owner.idSql('written') : 'NULL'}
       FROM (SELECT $9::jsonb AS data, $10::bigint AS parent_id) AS written`,
    [
      actor.tenant_id,
      actor.id,
      actorName(actor),
      resource.name,
      recordId,
      action,
      JSON.stringify(changes),
      owner?.resource ?? null,
      JSON.stringify(after ?? before ?? {}),
      parentId,
    ],
  );
}

/**
 * The audit entry of a write as part of the write's own statement (store.ts): `INSERT … SELECT … FROM
 * <written>`, where `written` is the data-modifying CTE's name (its rows carry `data`, and `parent_id` for a
 * child). One round trip instead of two.
 */
export function changeEntrySql(actor: Actor, resource: EngineResource, action: 'create' | 'update' | 'import', changes: Changes, written: string): Sql {
  const owner = resource.auditOwner;
  return sql`INSERT INTO audit_log (tenant_id, user_id, user_name, resource, record_id, action, changes, owner_resource, owner_id)
    SELECT ${actor.tenant_id}, ${actor.id}, ${actorName(actor)}, ${resource.name}, ${new Sql([`${written}.id`], [])}, ${action}, ${JSON.stringify(changes)}::jsonb,
           ${owner?.resource ?? null}::text, ${new Sql([owner ? owner.idSql(written) : 'NULL::bigint'], [])} FROM ${new Sql([written], [])}`;
}

/** One entry per record whose sensitive fields a permitted member has just received. */
export async function recordSensitiveReads(
  client: Queryable,
  actor: Actor,
  resource: EngineResource,
  reads: Array<{ id: number; fields: string[] }>,
): Promise<void> {
  const seen = reads.filter((read) => read.fields.length > 0);
  if (seen.length === 0) return;
  await client.query(
    `INSERT INTO audit_log (tenant_id, user_id, user_name, resource, record_id, action, fields)
     SELECT $1, $2, $3, $4, read.id, 'read', read.fields
       FROM jsonb_to_recordset($5::jsonb) AS read(id bigint, fields jsonb)`,
    [actor.tenant_id, actor.id, actorName(actor), resource.name, JSON.stringify(seen)],
  );
}
