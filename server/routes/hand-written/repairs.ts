/**
 * Repair reports with files (SPEC §7 "Repairs"); list and destroy are the engine's generic routes.
 * - `POST /api/transport/repairs/store/{transport_id}`: multipart, the form fields of
 *   `schemas/repair-report.json` plus `repair_files` (also `repair_files[]` / `repair_files[i]`);
 * - `POST /api/transport/repairs/update/{repair_id}`: multipart; fields not sent are kept, an optional
 *   field sent empty is cleared, files sent are added. `version`, when sent, must be the stored one
 *   (else 409, as the generic update); a form that does not send it is not refused (SPEC §7 lists no
 *   version for this call);
 * - `DELETE /api/transport/repairs/destroy-file/{id}`: one file of a report (id = file_id).
 * Form fields arrive as text: numbers and booleans are read by the schema's types before validation,
 * so "12.5" is a cost and "abc" is a 422 on it. Answers carry the report as the generic list does.
 */
import type { FastifyInstance } from 'fastify';
import { TenantDb } from '../../db/tenant-db';
import type { EngineResource } from '../../engine/model';
import { withoutProtectedFields } from '../../engine/records';
import { checkReferences } from '../../engine/references';
import { createOnce, keyedCreateOf, markReplayed, multipartBodyOf } from '../../engine/idempotency';
import type { EngineStore } from '../../engine/store';
import { HttpError, notFound } from '../../http-error';
import {
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
  guard,
} from './support';
import { ensureFileOwnerTriggers, readMultipartForm, type Upload } from './uploads';

const OWNER_KIND = 'repair';
const FILE_FIELD = /^repair_files(\[\d*\])?$/;

interface StoredFile {
  file_id: number;
  file_name?: string;
}

/** Text form fields as the schema types them: numbers and booleans parsed, anything unreadable left as text (→ 422). */
function typedFields(resource: EngineResource, fields: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, text] of Object.entries(fields)) {
    const type = resource.properties[field]?.type;
    if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?$/.test(text.trim())) data[field] = Number(text.trim());
    else if (type === 'boolean' && (text === 'true' || text === 'false')) data[field] = text === 'true';
    else data[field] = text;
  }
  return data;
}

export async function repairRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const { database } = options;
  await ensureFileOwnerTriggers(database);
  const repairs = engineResource(app, 'repairs');
  const transport = engineResource(app, 'transport');
  const required = new Set(repairs.loaded.schema.required ?? []);
  const guarded = guard(app);

  async function storeFiles(store: EngineStore, ownerId: number, uploads: Upload[], files: StoredFile[]) {
    const tenantDb = new TenantDb(database, store.tenantId, store.client);
    for (const upload of uploads) {
      const file = await tenantDb.insert<{ id: number }>('files', {
        owner_kind: OWNER_KIND,
        owner_id: ownerId,
        file_name: upload.fileName,
        mime_type: upload.mimeType,
        size: upload.content.length,
        content: upload.content,
      });
      files.push({ file_id: Number(file.id), file_name: upload.fileName });
    }
    return files;
  }

  /** The form's fields without server-owned ones (id, transport_id from the path, files, version …). */
  function formData(fields: Record<string, string>): Record<string, unknown> {
    const { version: _version, transport_id: _transport, ...rest } = fields;
    return withoutProtectedFields(repairs, typedFields(repairs, rest)) as Record<string, unknown>;
  }

  app.post(
    '/api/transport/repairs/store/:transport_id',
    guarded('repairs.create', { uploads: ['repair_files[]'], idempotent: true }),
    async (request, reply) => {
      const transportId = paramId(request, 'transport_id');
      await findOr404(readStore(database, request), transport, transportId, undefined, false);
      const form = await readMultipartForm(request, (field) => FILE_FIELD.test(field));
      const data = formData(form.fields);
      for (const [field, value] of Object.entries(data)) if (value === '' && !required.has(field)) delete data[field];
      data.transport_id = transportId;
      // A report sent again with its Idempotency-Key (its answer lost) answers the report the first send stored.
      const keyed = keyedCreateOf(request, multipartBodyOf(form.fields, form.files));
      const { made, replayed } = await inTransaction(database, request, async (store) => {
        await findOr404(store, transport, transportId);
        return createOnce(
          store.client,
          keyed,
          (earlier) => store.find(repairs, earlier, {}),
          async () => {
            validateRecord(repairs, data);
            const references = await checkReferences(store.client, app.engine, repairs, store.tenantId, data);
            if (hasErrors(references)) throw invalid(references);
            const created = await store.insert(repairs, { ...data, files: [] }, request.user.id);
            const files = await storeFiles(store, Number(created.id), form.files, []);
            const stored = files.length === 0 ? created : await store.update(repairs, Number(created.id), { ...data, files }, request.user.id);
            return { made: stored, id: Number(created.id) };
          },
        );
      });
      markReplayed(reply, replayed);
      return { message: request.t('crud.created'), data: toWire(repairs, made) };
    },
  );

  app.post('/api/transport/repairs/update/:repair_id', guarded('repairs.update', { uploads: ['repair_files[]'] }), async (request) => {
    const id = paramId(request, 'repair_id');
    await findOr404(readStore(database, request), repairs, id, undefined, false);
    const form = await readMultipartForm(request, (field) => FILE_FIELD.test(field));
    const version = form.fields.version;
    if (version !== undefined && !/^\d{1,9}$/.test(version)) throw invalid({ version: [{ key: 'validation.type.integer' }] });
    const changes = formData(form.fields);
    const row = await inTransaction(database, request, async (store) => {
      const current = await findOr404(store, repairs, id);
      if (version !== undefined && Number(version) !== current.version) throw new HttpError(409, 'errors.stale');
      const data: Record<string, unknown> = { ...current.data };
      const files = [...((Array.isArray(data.files) ? data.files : []) as StoredFile[])];
      delete data.files;
      for (const [field, value] of Object.entries(changes)) {
        if (value === '' && !required.has(field)) delete data[field];
        else data[field] = value;
      }
      validateRecord(repairs, data);
      const references = await checkReferences(store.client, app.engine, repairs, store.tenantId, data);
      if (hasErrors(references)) throw invalid(references);
      return store.update(repairs, id, { ...data, files: await storeFiles(store, id, form.files, files) }, request.user.id);
    });
    return { message: request.t('crud.updated'), data: toWire(repairs, row) };
  });

  app.delete('/api/transport/repairs/destroy-file/:id', guarded('repairs.update'), async (request) => {
    const fileId = paramId(request, 'id');
    const row = await inTransaction(database, request, async (store) => {
      const tenantDb = new TenantDb(database, store.tenantId, store.client);
      const file = await tenantDb.selectOne<{ owner_id: number }>('files', { id: fileId, owner_kind: OWNER_KIND }, { columns: ['owner_id'] });
      if (!file) throw notFound();
      const owner = await findOr404(store, repairs, Number(file.owner_id));
      const files = ((Array.isArray(owner.data.files) ? owner.data.files : []) as StoredFile[]).filter((item) => item.file_id !== fileId);
      await tenantDb.delete('files', { id: fileId });
      return store.update(repairs, Number(owner.id), { ...owner.data, files }, request.user.id);
    });
    return { message: request.t('crud.deleted'), data: toWire(repairs, row) };
  });
}
