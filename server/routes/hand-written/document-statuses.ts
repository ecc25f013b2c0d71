/**
 * Statuses of an HR document type (SPEC §7 "Document types"):
 * - `POST /api/documents/{documentId}/status/store {statuses: [{name}]}` adds at least one status;
 * - `PUT /api/documents/{documentId}/status/update/{statusId} {name, version?}` renames one (with the type's
 *   `version` as read, a rename made meanwhile is a 409);
 * - `DELETE /api/documents/{documentId}/status/destroy/{statusId}` deletes one and, with it, the employee
 *   documents that have a status row with it (SPEC §4), each with the engine's deletion rules;
 * - `GET /api/documents/{documentId}/usage` and `GET /api/documents/{documentId}/status/{statusId}/usage`
 *   say what deleting the type or the status would take with it, `{ employee_documents: n }`, so the
 *   confirmation can say it before anything is deleted.
 *
 * Storage: each status is a record of `hr-document-statuses` (parent: the type), which is what
 * employee document status rows refer to; the type's `statuses` array mirrors them as `{id, name}`
 * (the engine derives `doc_statuses_amount` from that array). Statuses written with the type through the
 * generic routes get their records there (server/rules/hr-document-types.ts); a type stored before that
 * rule gets them at its first status call ("materializes" them). Everything runs in one transaction.
 * Answers carry the document type as the generic routes answer it (with `statuses` and `doc_statuses_amount`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAjv } from '../../../validation/create-ajv';
import { toFieldMessages } from '../../../validation/field-errors';
import { identifier, sql } from '../../db/sql';
import { deleteStatusWithDocuments, repeatedStatusName } from '../../rules/hr-document-types';
import type { EngineStore } from '../../engine/store';
import { HttpError } from '../../http-error';
import {
  engineResource,
  findOr404,
  inTransaction,
  invalid,
  paramId,
  readStore,
  toWire,
  validateRecord,
  type HandWrittenOptions,
  type RecordRow,
  guard,
} from './support';

interface StatusItem {
  id?: number;
  name: string;
}

const NAME = { type: 'string', minLength: 1, maxLength: 30, format: 'not-blank' } as const;
const ajv = createAjv();
const validateStore = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['statuses'],
  properties: {
    statuses: { type: 'array', minItems: 1, items: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: NAME } } },
  },
});
// `version`: the type's, as the renaming member read it (optional, as SPEC §7's body is `{name}`): a rename made
// meanwhile by someone else is a 409, not silently overwritten.
const validateUpdate = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: NAME, version: { type: 'integer', minimum: 1 } },
});

function checkBody(validate: (data: unknown) => boolean, body: unknown): Record<string, unknown> {
  const data = body ?? {};
  if (validate(data)) return data as Record<string, unknown>;
  const errors = toFieldMessages((validate as typeof validateStore).errors, data);
  // An empty list is "required" (at least one status), not the generic "invalid" of minItems.
  if (Array.isArray((data as { statuses?: unknown }).statuses) && (data as { statuses: unknown[] }).statuses.length === 0)
    errors.statuses = [{ key: 'validation.required' }];
  throw invalid(errors);
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function documentStatusRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const types = engineResource(app, 'hr-document-types');
  const statuses = engineResource(app, 'hr-document-statuses');
  const documents = engineResource(app, 'employee-documents');
  const statusRows = engineResource(app, 'employee-document-statuses');
  const guarded = guard(app);

  /** The type's statuses, each with its record (made for those that have none yet). */
  async function materialized(store: EngineStore, type: RecordRow, userId: number): Promise<StatusItem[]> {
    const items = (Array.isArray(type.data.statuses) ? type.data.statuses : []) as StatusItem[];
    const result: StatusItem[] = [];
    for (const item of items) {
      const existing = typeof item.id === 'number' ? await store.find(statuses, item.id, { parentId: type.id }) : null;
      if (existing) result.push({ id: Number(existing.id), name: item.name });
      else {
        const row = await store.insert(statuses, { name: item.name }, userId, Number(type.id));
        result.push({ id: Number(row.id), name: item.name });
      }
    }
    return result;
  }

  /** `field`: where a name the type already has is refused (the new statuses' list, or the renamed one's name). */
  async function saveType(store: EngineStore, type: RecordRow, items: StatusItem[], userId: number, field = 'statuses') {
    if (repeatedStatusName(items) >= 0) throw invalid({ [field]: [{ key: 'validation.uniqueItems' }] });
    const data = { ...type.data, statuses: items };
    validateRecord(types, data);
    return toWire(types, await store.update(types, Number(type.id), data, userId));
  }

  async function statusOf(store: EngineStore, typeId: number, request: FastifyRequest): Promise<RecordRow> {
    return findOr404(store, statuses, paramId(request, 'statusId'), typeId);
  }

  app.post('/api/documents/:documentId/status/store', guarded('documents.create'), async (request) => {
    const typeId = paramId(request, 'documentId');
    const body = checkBody(validateStore, request.body) as { statuses: Array<{ name: string }> };
    const data = await inTransaction(options.database, request, async (store) => {
      const type = await findOr404(store, types, typeId);
      const items = await materialized(store, type, request.user.id);
      for (const { name } of body.statuses) {
        const row = await store.insert(statuses, { name }, request.user.id, typeId);
        items.push({ id: Number(row.id), name });
      }
      return saveType(store, type, items, request.user.id);
    });
    return { message: request.t('crud.created'), data };
  });

  app.put('/api/documents/:documentId/status/update/:statusId', guarded('documents.update'), async (request) => {
    const typeId = paramId(request, 'documentId');
    const statusId = paramId(request, 'statusId');
    const data = await inTransaction(options.database, request, async (store) => {
      const type = await findOr404(store, types, typeId);
      const items = await materialized(store, type, request.user.id);
      const status = await statusOf(store, typeId, request);
      // Body checked after the ids: another tenant's ids are a 404 whatever the body.
      const { name, version } = checkBody(validateUpdate, request.body) as { name: string; version?: number };
      if (version !== undefined && version !== Number(type.version)) throw new HttpError(409, 'errors.stale');
      await store.update(statuses, Number(status.id), { ...status.data, name }, request.user.id);
      const item = items.find((candidate) => candidate.id === statusId);
      if (item) item.name = name;
      else items.push({ id: statusId, name });
      return saveType(store, type, items, request.user.id, 'name');
    });
    return { message: request.t('crud.updated'), data };
  });

  app.delete('/api/documents/:documentId/status/destroy/:statusId', guarded('documents.delete'), async (request) => {
    const typeId = paramId(request, 'documentId');
    const statusId = paramId(request, 'statusId');
    const data = await inTransaction(options.database, request, async (store) => {
      const type = await findOr404(store, types, typeId);
      const items = await materialized(store, type, request.user.id);
      await statusOf(store, typeId, request);
      const remaining = items.filter((item) => item.id !== statusId);
      // The type's schema asks for at least one status; the last one goes with the type itself.
      if (remaining.length === 0) throw new HttpError(422, 'handWritten.lastStatus', { fieldErrors: { statuses: [{ key: 'handWritten.lastStatus' }] } });
      await deleteStatusWithDocuments(store, app.engine, statusId);
      return saveType(store, type, remaining, request.user.id);
    });
    return { message: request.t('crud.deleted'), data };
  });

  // What a delete would take with it: a type's employee documents (the engine's cascade), or a status's
  // (deleteStatusWithDocuments).
  app.get('/api/documents/:documentId/usage', guarded('documents.view'), async (request) => {
    const store = readStore(options.database, request);
    const type = await findOr404(store, types, paramId(request, 'documentId'), undefined, false);
    const total = await store.count(documents, {}, [sql`data @> ${JSON.stringify({ document_type_id: Number(type.id) })}::jsonb`]);
    return { data: { employee_documents: total } };
  });

  app.get('/api/documents/:documentId/status/:statusId/usage', guarded('documents.view'), async (request) => {
    const store = readStore(options.database, request);
    const typeId = paramId(request, 'documentId');
    await findOr404(store, types, typeId, undefined, false);
    const status = await findOr404(store, statuses, paramId(request, 'statusId'), typeId, false);
    const { text, values } = sql`SELECT count(DISTINCT parent_id) AS total FROM ${identifier(statusRows.table)}
      WHERE tenant_id = ${store.tenantId} AND (data->>'status') = ${String(status.id)}`.render();
    const { rows } = await store.client.query<{ total: string }>(text, values);
    return { data: { employee_documents: Number(rows[0]?.total ?? 0) } };
  });
}
