/**
 * What the hand-written routes share with the engine's generated ones: the same path-id rule (a
 * positive integer of this tenant, else 404), the same 422 shape, the engine's tenant-scoped store and
 * deletion rules, and one transaction per multi-row change. Nothing here knows a particular resource.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toFieldMessages } from '../../../validation/field-errors';
import type { FieldMessages } from '../../../validation/messages';
import { canonicalText, dropEmptyOptionalFields } from '../../../validation/normalize-body';
import type { Database } from '../../db/database';
import type { EngineResource } from '../../engine/model';
import { unstorableFields } from '../../engine/body';
import { toWire, withoutProtectedFields, type RecordRow } from '../../engine/records';
import { EngineStore, type RowLock } from '../../engine/store';
import { HttpError, notFound } from '../../http-error';

/**
 * Route options of a protected hand-written route: signed in, and holding `permission` (a right of
 * resources/permissions.ts), checked by plugins/auth.ts before the handler runs. A multipart route names
 * its file fields (`uploads`), a list its query parameters (`query`), a create that takes an `Idempotency-Key`
 * (`idempotent`), for the OpenAPI document.
 */
export function guard(app: FastifyInstance) {
  return (permission: string, documented: { uploads?: string[]; query?: Record<string, Record<string, unknown>>; idempotent?: boolean } = {}) => ({
    onRequest: app.authenticate,
    config: { permission, ...documented },
  });
}

export interface HandWrittenOptions {
  database: Database;
}

/** A path id as the engine reads it: anything but a positive safe integer is a 404. */
export function pathId(text: string | undefined): number {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text)) throw notFound();
  const id = Number(text);
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

export function paramId(request: FastifyRequest, name: string): number {
  return pathId((request.params as Record<string, string | undefined>)[name]);
}

export function invalid(fieldErrors: FieldMessages): HttpError {
  return new HttpError(422, 'errors.invalidData', { fieldErrors });
}

export function hasErrors(errors: FieldMessages): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * A resource the hand-written routes serve. Their answers are built with plain `toWire` (no masking),
 * so a resource of theirs that gains an x-sensitive field stops the server at start instead of leaking
 * it: masking must be added to these routes first (engine/masking.ts). A resource only looked up (an
 * employee whose attachments are listed) is never answered and may have them.
 */
export function engineResource(app: FastifyInstance, name: string, use: 'answered' | 'looked-up' = 'answered'): EngineResource {
  const resource = app.engine.byName.get(name);
  if (!resource) throw new Error(`Resource "${name}" is not in the engine`);
  if (use === 'answered' && resource.sensitiveFields.length > 0) {
    throw new Error(`Hand-written routes serve "${name}", whose fields ${resource.sensitiveFields.join(', ')} are x-sensitive: they do not mask them yet`);
  }
  return resource;
}

/** Validates `data` with the resource's own compiled schema (the engine's strict ajv); 422 per field. */
export function validateRecord(resource: EngineResource, data: Record<string, unknown>): void {
  if (!resource.loaded.validate(data)) throw invalid(toFieldMessages(resource.loaded.validate.errors, data));
}

/** One transaction with the engine's tenant-scoped store on its client, writing the audit trail as the request's member. */
export function inTransaction<T>(database: Database, request: FastifyRequest, work: (store: EngineStore) => Promise<T>): Promise<T> {
  return database.transaction((client) => work(new EngineStore(client, request.user.tenant_id, request.user)));
}

export function readStore(database: Database, request: FastifyRequest): EngineStore {
  return new EngineStore(database.pool, request.user.tenant_id);
}

/**
 * A record of this tenant (within the parent, when given), locked for a read-modify-write (`FOR NO KEY UPDATE`: a
 * write that only names the record still goes through; a delete waits); else 404.
 */
export async function findOr404(
  store: EngineStore,
  resource: EngineResource,
  id: number,
  parentId?: number,
  lock: boolean | RowLock = true,
): Promise<RecordRow> {
  const rowLock = lock === true ? 'FOR NO KEY UPDATE' : lock === false ? undefined : lock;
  const row = await store.find(resource, id, parentId === undefined ? {} : { parentId }, rowLock);
  if (!row) throw notFound();
  return row;
}

export { toWire };
export type { RecordRow };

/**
 * A JSON body as data for one resource, the way the generic routes read it: server-owned and readOnly
 * fields dropped, optional fields sent empty dropped, an object required, text jsonb cannot hold refused.
 */
export function bodyData(resource: EngineResource, body: unknown): Record<string, unknown> {
  const cleaned = withoutProtectedFields(resource, body ?? {});
  if (cleaned === null || typeof cleaned !== 'object' || Array.isArray(cleaned)) throw invalid({ '': [{ key: 'validation.type.object' }] });
  const unstorable = unstorableFields(cleaned as Record<string, unknown>);
  if (hasErrors(unstorable)) throw invalid(unstorable);
  return dropEmptyOptionalFields(resource.loaded.schema, canonicalText(resource.loaded.schema, cleaned as Record<string, unknown>)) as Record<string, unknown>;
}

/** The optional fields of the schema a body sends empty (null or ""): what a merging update clears. */
export function clearedFields(resource: EngineResource, body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const { properties, required = [] } = resource.loaded.schema;
  return Object.entries(body)
    .filter(([field, value]) => (value === null || value === '') && field in properties && !required.includes(field))
    .map(([field]) => field);
}
