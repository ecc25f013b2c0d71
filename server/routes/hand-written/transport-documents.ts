/**
 * The transport documents table (SPEC §7 "Transport documents"): columns are `transport-document-groups`
 * (store/update/destroy are the engine's generic routes), cells are `vehicle-documents` (one per vehicle
 * and column, with start date, end date and files).
 *
 * - `GET /api/transport/documents?page=&perPage=&search=&transport_id=`: vehicles (paginated like the
 *   engine's lists, sorted by board name; `transport_id`, one id or several comma-separated, only those
 *   vehicles) each with every column (`id, name, show_document_start_date, warning_days`) and its
 *   document `{doc_id, start_date, end_date, files, version}`.
 *   A cell that has no document yet gets one here (in one transaction, under a per-tenant advisory lock
 *   so two readers never make the same cell twice): `doc_id` is then always there to upload to.
 * - `POST /api/transport/documents/show-document-start-date {status}`: sets show_document_start_date on
 *   every column of the tenant.
 * - `POST /api/transport/documents/update/{id}` (multipart `file[i]`, `start_date`, `end_date`, `version`):
 *   sets the dates of document {id} (a field not sent is kept, one sent empty is cleared; end not before
 *   start) and adds the files. `version` is required and must be the stored one (else 409), as every
 *   record's update.
 * - `DELETE /api/transport/documents/destroy/file/{id}`: one file of a document (id = file_id).
 */
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../../validation/create-ajv';
import { toFieldMessages } from '../../../validation/field-errors';
import type { FieldMessages } from '../../../validation/messages';
import { cellStates } from '../../compliance/cell-states';
import { Sql, sql } from '../../db/sql';
import { TenantDb } from '../../db/tenant-db';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../engine/list-query';
import { containsText } from '../../engine/search';
import { SEARCH_MAX_LENGTH } from '../../../validation/search-limits';
import { fieldExpression } from '../../engine/model';
import type { EngineStore } from '../../engine/store';
import { HttpError, notFound } from '../../http-error';
import {
  engineResource,
  findOr404,
  inTransaction,
  invalid,
  paramId,
  readStore,
  validateRecord,
  type HandWrittenOptions,
  type RecordRow,
  guard,
} from './support';
import { ensureFileOwnerTriggers, fileView, readMultipartForm } from './uploads';

const OWNER_KIND = 'vehicle-document';
const FILE_FIELD = /^file(\[\d*\])?$/;

interface StoredFile {
  file_id: number;
  file_name?: string;
}

const ajv = createAjv();
const validateStatus = ajv.compile<{ status: boolean }>({
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'boolean' } },
});

/** The parameters `listParams` reads, as JSON Schemas for the OpenAPI document; any other is a 422. */
const LIST_PARAMETERS: Record<string, Record<string, unknown>> = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
  search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, description: 'Vehicles whose board name or registration number holds this text' },
  transport_id: { type: 'string', pattern: '^\\d{1,12}(,\\d{1,12}){0,99}$', description: 'Only these vehicles (up to 100 ids, comma-separated)' },
};

function listParams(query: Record<string, unknown>) {
  const errors: FieldMessages = {};
  const allowed = new Set(Object.keys(LIST_PARAMETERS));
  for (const [name, value] of Object.entries(query)) {
    if (!allowed.has(name) || Array.isArray(value)) errors[name] = [{ key: 'validation.notAllowed' }];
  }
  const integer = (name: string, fallback: number, max: number) => {
    const value = query[name];
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
      errors[name] = [{ key: 'validation.invalid' }];
      return fallback;
    }
    return Number(value);
  };
  const page = integer('page', 1, 1_000_000);
  const perPage = integer('perPage', DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  // One pattern, not words; its length bounded as the generic lists' search is.
  if (search.length > SEARCH_MAX_LENGTH) errors.search = [{ key: 'validation.maxLength', params: { limit: SEARCH_MAX_LENGTH } }];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  // The vehicles of one page of the transport list, or the one vehicle of its page.
  let transportIds: number[] | undefined;
  if (query.transport_id !== undefined) {
    const value = query.transport_id;
    if (typeof value !== 'string' || !/^\d{1,12}(,\d{1,12}){0,99}$/.test(value)) throw invalid({ transport_id: [{ key: 'validation.invalid' }] });
    transportIds = value.split(',').map(Number);
  }
  return { page, perPage, search, transportIds };
}

export async function transportDocumentRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const { database } = options;
  await ensureFileOwnerTriggers(database);
  const transport = engineResource(app, 'transport');
  const groups = engineResource(app, 'transport-document-groups');
  const documents = engineResource(app, 'vehicle-documents');
  const guarded = guard(app);
  const byBoardName = new Sql([`${fieldExpression(transport, 'board_names')} ASC NULLS LAST, id ASC`], []);
  const byId = sql`id ASC`;

  async function all(store: EngineStore, resource: typeof groups, conditions: Sql[] = [], orderBy = byId): Promise<RecordRow[]> {
    const total = await store.count(resource, {}, conditions);
    return total === 0 ? [] : store.page(resource, {}, conditions, orderBy, total, 0);
  }

  function documentView(row: RecordRow, state?: string) {
    const files = (Array.isArray(row.data.files) ? row.data.files : []) as StoredFile[];
    return {
      ...(state === undefined ? {} : { state }),
      doc_id: Number(row.id),
      transport_id: row.data.transport_id,
      group_id: row.data.group_id,
      start_date: row.data.start_date ?? null,
      end_date: row.data.end_date ?? null,
      files: files.map(fileView),
      version: row.version,
    };
  }

  app.get('/api/transport/documents', guarded('transport.view', { query: LIST_PARAMETERS }), async (request) => {
    const { page, perPage, search, transportIds } = listParams(request.query as Record<string, unknown>);
    return inTransaction(database, request, async (store) => {
      await store.client.query(`SELECT pg_advisory_xact_lock(hashtext('fleetdesk-vehicle-documents'), $1::int)`, [store.tenantId % 2_147_483_647]);
      const conditions = search
        ? [
            sql`(${containsText(fieldExpression(transport, 'board_names'), search)} OR ${containsText(fieldExpression(transport, 'registration_number'), search)})`,
          ]
        : [];
      if (transportIds) conditions.push(sql`id = ANY(${transportIds}::bigint[])`);
      const total = await store.count(transport, {}, conditions);
      const vehicles = await store.page(transport, {}, conditions, byBoardName, perPage, (page - 1) * perPage);
      const columns = await all(store, groups);
      const vehicleIds = vehicles.map((vehicle) => Number(vehicle.id));
      const cells = vehicleIds.length === 0 ? [] : await all(store, documents, [sql`((data->>'transport_id')::bigint) = ANY(${vehicleIds}::bigint[])`]);
      const key = (transportId: number, groupId: number) => `${transportId}:${groupId}`;
      const byCell = new Map(cells.map((cell) => [key(Number(cell.data.transport_id), Number(cell.data.group_id)), cell]));
      for (const vehicleId of vehicleIds) {
        for (const column of columns) {
          if (byCell.has(key(vehicleId, Number(column.id)))) continue;
          const row = await store.insert(documents, { transport_id: vehicleId, group_id: Number(column.id), files: [] }, request.user.id);
          byCell.set(key(vehicleId, Number(column.id)), row);
        }
      }
      // Each cell's state as the compliance page sees it (the same engine): expired, expiring, good, or missing.
      const states = await cellStates(store.client, app.engine, store.tenantId, vehicleIds);
      return {
        data: vehicles.map((vehicle) => ({
          id: Number(vehicle.id),
          board_names: vehicle.data.board_names ?? null,
          registration_number: vehicle.data.registration_number ?? null,
          groups: columns.map((column) => ({
            id: Number(column.id),
            name: column.data.name,
            show_document_start_date: column.data.show_document_start_date === true,
            warning_days: typeof column.data.warning_days === 'number' ? column.data.warning_days : 30,
            documents: [
              documentView(byCell.get(key(Number(vehicle.id), Number(column.id))) as RecordRow, states.get(key(Number(vehicle.id), Number(column.id)))),
            ],
          })),
        })),
        pagination: { total, currentPage: page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) },
      };
    });
  });

  app.post('/api/transport/documents/show-document-start-date', guarded('transport.update'), async (request) => {
    const body = request.body ?? {};
    if (!validateStatus(body)) throw invalid(toFieldMessages(validateStatus.errors, body));
    const status = body.status;
    const data = await inTransaction(database, request, async (store) => {
      const rows = await all(store, groups);
      const updated: Array<Record<string, unknown>> = [];
      for (const row of rows) {
        const changed = await store.update(groups, Number(row.id), { ...row.data, show_document_start_date: status }, request.user.id);
        updated.push({ id: Number(changed.id), name: changed.data.name, show_document_start_date: status, version: changed.version });
      }
      return updated;
    });
    return { message: request.t('crud.updated'), data };
  });

  app.post('/api/transport/documents/update/:id', guarded('transport.update', { uploads: ['file[]'] }), async (request) => {
    const id = paramId(request, 'id');
    // The id is checked before the body is read: another tenant's document is a 404 whatever is sent.
    await findOr404(readStore(database, request), documents, id, undefined, false);
    const form = await readMultipartForm(request, (field) => FILE_FIELD.test(field));
    const unknown = Object.keys(form.fields).filter((field) => field !== 'start_date' && field !== 'end_date' && field !== 'version');
    if (unknown.length > 0) throw invalid(Object.fromEntries(unknown.map((field) => [field, [{ key: 'validation.notAllowed' }]])));
    // Versioned like every record: the second of two people editing the same cell gets a 409, not a silent overwrite.
    const version = form.fields.version;
    if (version === undefined || version === '') throw invalid({ version: [{ key: 'validation.required' }] });
    if (!/^\d{1,9}$/.test(version)) throw invalid({ version: [{ key: 'validation.type.integer' }] });
    const row = await inTransaction(database, request, async (store) => {
      const current = await findOr404(store, documents, id);
      if (current.version !== Number(version)) throw new HttpError(409, 'errors.stale');
      const data: Record<string, unknown> = { ...current.data };
      for (const field of ['start_date', 'end_date'] as const) {
        if (!(field in form.fields)) continue;
        if (form.fields[field] === '') delete data[field];
        else data[field] = form.fields[field];
      }
      const files = [...((Array.isArray(data.files) ? data.files : []) as StoredFile[])];
      delete data.files;
      validateRecord(documents, data);
      const tenantDb = new TenantDb(database, store.tenantId, store.client);
      for (const upload of form.files) {
        const file = await tenantDb.insert<{ id: number }>('files', {
          owner_kind: OWNER_KIND,
          owner_id: id,
          file_name: upload.fileName,
          mime_type: upload.mimeType,
          size: upload.content.length,
          content: upload.content,
        });
        files.push({ file_id: Number(file.id), file_name: upload.fileName });
      }
      return store.update(documents, id, { ...data, files }, request.user.id);
    });
    return { message: request.t('crud.updated'), data: documentView(row) };
  });

  app.delete('/api/transport/documents/destroy/file/:id', guarded('transport.update'), async (request) => {
    const fileId = paramId(request, 'id');
    const row = await inTransaction(database, request, async (store) => {
      const tenantDb = new TenantDb(database, store.tenantId, store.client);
      const file = await tenantDb.selectOne<{ id: number; owner_id: number }>('files', { id: fileId, owner_kind: OWNER_KIND }, { columns: ['id', 'owner_id'] });
      if (!file) throw notFound();
      const owner = await findOr404(store, documents, Number(file.owner_id));
      const files = ((Array.isArray(owner.data.files) ? owner.data.files : []) as StoredFile[]).filter((item) => item.file_id !== fileId);
      await tenantDb.delete('files', { id: fileId });
      return store.update(documents, Number(owner.id), { ...owner.data, files }, request.user.id);
    });
    return { message: request.t('crud.deleted'), data: documentView(row) };
  });
}
