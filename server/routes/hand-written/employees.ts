/**
 * The hand-written parts of the employee card (SPEC §7 "Employees"): attached files, documents made
 * from HR document types, and their status rows. Every path starts with an employee of the tenant
 * (else 404), and every id after it must belong to that employee (else 404).
 *
 * - `GET …/attaches` lists the employee's attachments, newest first, each `{id, file_name, mime_type, size,
 *   file_id, url, created_at, created_by, created_by_name}` (who uploaded it: the member's name, else login);
 *   `POST …/attaches/store` (multipart `file`, a PDF or an image by content, ≤ 5 MB) makes an
 *   `employee-attachments` record `{id, file_name, mime_type, size, file_id, url}`; `DELETE
 *   …/attaches/{fileId}/destroy` takes that record's id and removes the record and its stored file.
 * - `GET …/documents?company=` lists the employee's documents (optionally of one company), each with its
 *   type (`document_type`, with its `warning_days`) and status rows (`statuses`, each with `created_by_name` and
 *   `updated_by_name`); `POST …/documents/{templateId}/store {company_id?}`
 *   makes one from HR document type {templateId}; `DELETE …/documents/{documentId}/destroy`.
 * - Status rows: `POST …/documents/{documentId}/status/store`, `PUT …/status/{statusId}/update` (with
 *   `version`, as the generic update), `DELETE …/status/{statusId}/destroy`. A row's `status` must be a
 *   status of the document's type (else 422 `validation.refMissing`); one row per document is relevant:
 *   marking one relevant makes the others irrelevant.
 * - `GET …/documents/status/expires`: the employee's documents whose relevant status row ends
 *   (`dateUpTo`) within their type's `warning_days` (EXPIRY_WARNING_DAYS when unset) from today, already
 *   expired ones included, soonest first,
 *   each with `days_left` (negative once expired).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from '../../db/sql';
import { storedFileName } from '../../files/file-names';
import { TenantDb } from '../../db/tenant-db';
import type { EngineResource } from '../../engine/model';
import { checkReferences, deleteWithRules } from '../../engine/references';
import { createOnce, keyedCreateOf, markReplayed, multipartBodyOf } from '../../engine/idempotency';
import type { EngineStore } from '../../engine/store';
import { HttpError } from '../../http-error';
import { readUploadedFile } from '../../plugins/multipart';
import {
  bodyData,
  clearedFields,
  engineResource,
  findOr404,
  hasErrors,
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
import { DOCUMENT_TYPES, ensureFileOwnerTriggers, fileUrl } from './uploads';
import { fileTypeFromBuffer } from 'file-type';

/**
 * "Expiring soon" (SPEC §4 leaves N open): the threshold of an HR document type without its own
 * `warning_days`. 30 days gives a month to renew a licence or a permit.
 */
export const EXPIRY_WARNING_DAYS = 30;

const OWNER_KIND = 'employee-attachment';
const DAY_MS = 86_400_000;

export async function employeeRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const { database } = options;
  await ensureFileOwnerTriggers(database);
  // Only looked up (the path's employee must exist): its sensitive fields never reach these answers.
  const employees = engineResource(app, 'employees', 'looked-up');
  const attachments = engineResource(app, 'employee-attachments');
  const documents = engineResource(app, 'employee-documents');
  const statusRows = engineResource(app, 'employee-document-statuses');
  const types = engineResource(app, 'hr-document-types');
  const typeStatuses = engineResource(app, 'hr-document-statuses');
  const guarded = guard(app);

  const employeeOf = (store: EngineStore, request: FastifyRequest) => findOr404(store, employees, paramId(request, 'employeeId'), undefined, false);
  const documentOf = (store: EngineStore, request: FastifyRequest, employeeId: number, lock = true) =>
    findOr404(store, documents, paramId(request, 'documentId'), employeeId, lock);

  async function all(store: EngineStore, resource: EngineResource, parentId: number | undefined, conditions = [] as ReturnType<typeof sql>[]) {
    const scope = parentId === undefined ? {} : { parentId };
    const total = await store.count(resource, scope, conditions);
    return total === 0 ? [] : store.page(resource, scope, conditions, sql`id ASC`, total, 0);
  }

  /** Who made and last changed some records: each member's name, else their login, by id. */
  async function memberNames(store: EngineStore, rows: RecordRow[]): Promise<Map<number, string>> {
    const memberIds = [...new Set(rows.flatMap((row) => [row.created_by, row.updated_by]).filter((id): id is number => id !== null))];
    const names = new Map<number, string>();
    if (memberIds.length === 0) return names;
    const { text, values } = sql`SELECT id, COALESCE(NULLIF(btrim(concat_ws(' ', name, last_name)), ''), login) AS name FROM users
      WHERE tenant_id = ${store.tenantId} AND id = ANY(${memberIds}::bigint[])`.render();
    for (const member of (await store.client.query<{ id: string; name: string }>(text, values)).rows) names.set(Number(member.id), member.name);
    return names;
  }
  const nameOf = (names: Map<number, string>, id: number | null) => (id === null ? null : (names.get(Number(id)) ?? null));

  function attachmentView(row: RecordRow) {
    const fileId = Number(row.data.file_id);
    const { file_id: _fileId, ...record } = toWire(attachments, row);
    return { ...record, file_id: fileId, url: fileUrl(fileId) };
  }

  /** A status row must name a status of the document's own type. */
  async function checkStatusRow(store: EngineStore, document: RecordRow, data: Record<string, unknown>) {
    validateRecord(statusRows, data);
    const references = await checkReferences(store.client, app.engine, statusRows, store.tenantId, data);
    if (hasErrors(references)) throw invalid(references);
    const status = await store.find(typeStatuses, Number(data.status), { parentId: Number(document.data.document_type_id) });
    if (!status) throw invalid({ status: [{ key: 'validation.refMissing' }] });
  }

  /** Only one relevant row per document. */
  async function keepOneRelevant(store: EngineStore, documentId: number, relevantId: number, userId: number) {
    for (const row of await all(store, statusRows, documentId)) {
      if (Number(row.id) !== relevantId && row.data.relevant === true) await store.update(statusRows, Number(row.id), { ...row.data, relevant: false }, userId);
    }
  }

  /** Status rows with who made and last changed them (the card's "created by" and "modified by"). */
  async function statusViews(store: EngineStore, rows: RecordRow[]) {
    const names = await memberNames(store, rows);
    return rows.map((row) => ({ ...toWire(statusRows, row), created_by_name: nameOf(names, row.created_by), updated_by_name: nameOf(names, row.updated_by) }));
  }

  async function documentView(store: EngineStore, row: RecordRow) {
    const type = await store.find(types, Number(row.data.document_type_id), {});
    return {
      ...toWire(documents, row),
      document_type: type
        ? {
            id: Number(type.id),
            name: type.data.name,
            short_name: type.data.short_name,
            // The type's threshold (SPEC §4's indicator: expiring soon within it), its default when unset.
            warning_days: typeof type.data.warning_days === 'number' ? type.data.warning_days : EXPIRY_WARNING_DAYS,
            statuses: type.data.statuses ?? [],
          }
        : null,
      statuses: await statusViews(store, await all(store, statusRows, Number(row.id))),
    };
  }

  // ---- attachments ----

  app.get('/api/employees/:employeeId/attaches', guarded('employees.view'), async (request) => {
    const store = readStore(database, request);
    const employee = await employeeOf(store, request);
    const rows = (await all(store, attachments, Number(employee.id))).reverse();
    const names = await memberNames(store, rows);
    return { data: rows.map((row) => ({ ...attachmentView(row), created_by_name: nameOf(names, row.created_by) })) };
  });

  app.post('/api/employees/:employeeId/attaches/store', guarded('employees.create', { uploads: ['file'], idempotent: true }), async (request, reply) => {
    const employee = await employeeOf(readStore(database, request), request);
    const upload = await readUploadedFile(request, 'file');
    const type = await fileTypeFromBuffer(upload.content);
    if (!type || !DOCUMENT_TYPES.has(type.mime)) throw new HttpError(422, 'handWritten.fileType', { fieldErrors: { file: [{ key: 'handWritten.fileType' }] } });
    const fileName = storedFileName(upload.fileName, type.mime);
    // An upload retried with its Idempotency-Key (its answer lost) answers the attachment the first one stored.
    const keyed = keyedCreateOf(request, multipartBodyOf({}, [{ field: 'file', ...upload }]));
    const { made, replayed } = await inTransaction(database, request, async (store) => {
      await findOr404(store, employees, Number(employee.id));
      return createOnce(
        store.client,
        keyed,
        (earlier) => store.find(attachments, earlier, { parentId: Number(employee.id) }),
        async () => {
          const data = { file_name: fileName, mime_type: type.mime, size: upload.content.length };
          validateRecord(attachments, data);
          const record = await store.insert(attachments, data, request.user.id, Number(employee.id));
          const file = await new TenantDb(database, store.tenantId, store.client).insert<{ id: number }>('files', {
            owner_kind: OWNER_KIND,
            owner_id: Number(record.id),
            file_name: fileName,
            mime_type: type.mime,
            size: upload.content.length,
            content: upload.content,
          });
          // file_id is server-owned: kept in data beside the schema's fields, never taken from a client.
          const stored = await store.update(attachments, Number(record.id), { ...data, file_id: Number(file.id) }, request.user.id);
          return { made: stored, id: Number(record.id) };
        },
      );
    });
    markReplayed(reply, replayed);
    return { message: request.t('crud.created'), data: attachmentView(made) };
  });

  app.delete('/api/employees/:employeeId/attaches/:fileId/destroy', guarded('employees.delete'), async (request) => {
    await inTransaction(database, request, async (store) => {
      const employee = await employeeOf(store, request);
      await findOr404(store, attachments, paramId(request, 'fileId'), Number(employee.id));
      // The stored file goes with the record (delete trigger on its table).
      await deleteWithRules(store, app.engine, attachments, paramId(request, 'fileId'));
    });
    return { message: request.t('crud.deleted') };
  });

  // ---- documents ----

  app.get(
    '/api/employees/:employeeId/documents',
    guarded('employees.view', { query: { company: { type: 'integer', minimum: 1, description: 'Only the documents of this company' } } }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const unknown = Object.keys(query).filter((name) => name !== 'company');
      if (unknown.length > 0) throw invalid(Object.fromEntries(unknown.map((name) => [name, [{ key: 'validation.notAllowed' }]])));
      const company = query.company;
      if (company !== undefined && company !== '' && (typeof company !== 'string' || !/^[1-9]\d{0,15}$/.test(company)))
        throw invalid({ company: [{ key: 'validation.type.integer' }] });
      const store = readStore(database, request);
      const employee = await employeeOf(store, request);
      const conditions = typeof company === 'string' && company !== '' ? [sql`data @> ${JSON.stringify({ company_id: Number(company) })}::jsonb`] : [];
      const rows = await all(store, documents, Number(employee.id), conditions);
      const data = [];
      for (const row of rows) data.push(await documentView(store, row));
      return { data };
    },
  );

  app.get('/api/employees/:employeeId/documents/status/expires', guarded('employees.view'), async (request) => {
    const store = readStore(database, request);
    const employee = await employeeOf(store, request);
    const rows = await all(store, documents, Number(employee.id));
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    const data = [];
    for (const row of rows) {
      const relevant = (await all(store, statusRows, Number(row.id))).find((status) => status.data.relevant === true);
      const upTo = typeof relevant?.data.dateUpTo === 'string' ? Date.parse(relevant.data.dateUpTo) : NaN;
      if (Number.isNaN(upTo)) continue;
      const daysLeft = Math.round((upTo - today) / DAY_MS);
      const view = await documentView(store, row);
      // Each document by its own type's threshold (SPEC §4's indicator), as the tenant-wide list has it.
      if (daysLeft <= (view.document_type?.warning_days ?? EXPIRY_WARNING_DAYS)) data.push({ ...view, days_left: daysLeft });
    }
    data.sort((left, right) => left.days_left - right.days_left);
    return { data, meta: { warningDays: EXPIRY_WARNING_DAYS } };
  });

  app.post('/api/employees/:employeeId/documents/:templateId/store', guarded('employees.create'), async (request) => {
    const templateId = paramId(request, 'templateId');
    const changes = bodyData(documents, request.body);
    const row = await inTransaction(database, request, async (store) => {
      const employee = await employeeOf(store, request);
      await findOr404(store, types, templateId, undefined, false);
      const data = { ...changes, document_type_id: templateId };
      validateRecord(documents, data);
      const references = await checkReferences(store.client, app.engine, documents, store.tenantId, data);
      if (hasErrors(references)) throw invalid(references);
      const created = await store.insert(documents, data, request.user.id, Number(employee.id));
      return documentView(store, created);
    });
    return { message: request.t('crud.created'), data: row };
  });

  app.delete('/api/employees/:employeeId/documents/:documentId/destroy', guarded('employees.delete'), async (request) => {
    await inTransaction(database, request, async (store) => {
      const employee = await employeeOf(store, request);
      const document = await documentOf(store, request, Number(employee.id));
      await deleteWithRules(store, app.engine, documents, Number(document.id));
    });
    return { message: request.t('crud.deleted') };
  });

  // ---- status rows ----

  app.post('/api/employees/:employeeId/documents/:documentId/status/store', guarded('employees.create'), async (request) => {
    const data = bodyData(statusRows, request.body);
    const row = await inTransaction(database, request, async (store) => {
      const employee = await employeeOf(store, request);
      const document = await documentOf(store, request, Number(employee.id));
      await checkStatusRow(store, document, data);
      const created = await store.insert(statusRows, data, request.user.id, Number(document.id));
      if (data.relevant === true) await keepOneRelevant(store, Number(document.id), Number(created.id), request.user.id);
      return created;
    });
    return { message: request.t('crud.created'), data: toWire(statusRows, row) };
  });

  app.put('/api/employees/:employeeId/documents/:documentId/status/:statusId/update', guarded('employees.update'), async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    const version = body && typeof body === 'object' ? body.version : undefined;
    const changes = bodyData(statusRows, body);
    const row = await inTransaction(database, request, async (store) => {
      const employee = await employeeOf(store, request);
      const document = await documentOf(store, request, Number(employee.id));
      const current = await findOr404(store, statusRows, paramId(request, 'statusId'), Number(document.id));
      if (version === undefined || version === null) throw invalid({ version: [{ key: 'validation.required' }] });
      if (typeof version !== 'number' || !Number.isInteger(version)) throw invalid({ version: [{ key: 'validation.type.integer' }] });
      if (current.version !== version) throw new HttpError(409, 'errors.stale');
      const data: Record<string, unknown> = { ...current.data, ...changes };
      // A field left out keeps its value; an optional one sent empty (null, "") is cleared (bodyData has dropped it).
      for (const field of clearedFields(statusRows, body)) delete data[field];
      await checkStatusRow(store, document, data);
      const updated = await store.update(statusRows, Number(current.id), data, request.user.id);
      if (data.relevant === true) await keepOneRelevant(store, Number(document.id), Number(current.id), request.user.id);
      return updated;
    });
    return { message: request.t('crud.updated'), data: toWire(statusRows, row) };
  });

  app.delete('/api/employees/:employeeId/documents/:documentId/status/:statusId/destroy', guarded('employees.delete'), async (request) => {
    await inTransaction(database, request, async (store) => {
      const employee = await employeeOf(store, request);
      const document = await documentOf(store, request, Number(employee.id));
      const current = await findOr404(store, statusRows, paramId(request, 'statusId'), Number(document.id));
      await deleteWithRules(store, app.engine, statusRows, Number(current.id));
    });
    return { message: request.t('crud.deleted') };
  });
}
