/**
 * `POST <list path>/import` for the resources marked `importable` (docs/import-export.md): a multipart form
 * with the file (CSV or XLSX, at most 20 MB), `dry_run`, `mode`, `existing` and an optional `mapping`. Answers 200 with
 * what was read, the mapping used and every row's errors for a file that could be read (a row's error is not
 * the request's failure); 4xx for a file or form that cannot be. Imports take turns (import-queue.ts): the form is
 * read when this one's turn comes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holds, permissionName, SENSITIVE_RIGHT } from '../../resources/permissions';
import type { Database } from '../db/database';
import { invalid } from '../engine/create-record';
import type { EngineModel, EngineResource } from '../engine/model';
import type { ResourceRules } from '../engine/rule-types';
import { fastifyPath } from '../engine/routes';
import { HttpError } from '../http-error';
import type { Translator } from '../i18n/i18n';
import { FileRefused, MAX_IMPORT_BYTES, readImportFile } from './file-reading';
import { importableFields, mapColumns, parseMapping, savedMapping, saveMapping, type Mapping } from './import-mapping';
import { importRows, type ExistingRows, type ImportMode } from './importer';
import type { ImportQueue } from './import-queue';
import { Readings, lookups, Words } from './vocabulary';

interface ImportForm {
  file: { bytes: Buffer; fileName: string; mimeType: string } | null;
  fields: Record<string, string>;
}

/** The form's parts: the one file (past 20 MB a 413) and the text fields. */
async function readForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'errors.unsupportedMediaType');
  const form: ImportForm = { file: null, fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        form.file = { bytes, fileName: part.filename, mimeType: part.mimetype };
      } else if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'import.file.tooLarge', {
        params: { megabytes: 20 },
        fieldErrors: { file: [{ key: 'import.file.tooLarge', params: { megabytes: 20 } }] },
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'errors.tooLarge');
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, 'errors.badRequest');
  }
  return form;
}

function choice<T extends string>(fields: Record<string, string>, name: string, allowed: readonly T[], fallback: T): T {
  const value = fields[name];
  if (value === undefined || value === '') return fallback;
  if (!allowed.includes(value as T)) throw invalid({ [name]: [{ key: 'validation.enum' }] });
  return value as T;
}

export function registerImportRoute(
  app: FastifyInstance,
  database: Database,
  model: EngineModel,
  resource: EngineResource,
  translator: Translator,
  referenceDataDir: string | undefined,
  rules: ResourceRules | undefined,
  queue: ImportQueue,
) {
  const list = resource.definition.api.list;
  if (!resource.definition.importable || !list || resource.definition.parent) return;
  const lists = lookups(referenceDataDir);
  const readings = new Readings(translator, lists);

  app.post(fastifyPath(`${list.path}/import`), {
    onRequest: app.authenticate,
    config: { permission: permissionName(resource.definition.permission, 'create'), uploads: ['file'] },
    handler: (request) => queue.run(() => importFrom(request)),
  });

  async function importFrom(request: FastifyRequest) {
    const form = await readForm(request);
    const dryRun = choice(form.fields, 'dry_run', ['true', 'false'], 'true') === 'true';
    const mode = choice<ImportMode>(form.fields, 'mode', ['all', 'valid'], 'all');
    const existing = choice<ExistingRows>(form.fields, 'existing', ['create', 'skip'], 'create');
    const importable = importableFields(resource, holds(request.user.data, SENSITIVE_RIGHT));
    const chosen = parseMapping(form.fields.mapping, importable);
    if (!form.file) throw invalid({ file: [{ key: 'validation.file.missing' }] });
    let table;
    try {
      table = await readImportFile(form.file);
    } catch (error) {
      if (!(error instanceof FileRefused)) throw error;
      throw new HttpError(error.status, error.reason, { params: error.params, fieldErrors: { file: [{ key: error.reason, params: error.params }] } });
    }
    const saved = await savedMapping(database.pool, request.user.tenant_id, resource);
    const fields = mapColumns(resource, table.headings, importable, readings, chosen, saved);
    const outcome = await importRows({
      database,
      model,
      resource,
      rules,
      actor: request.user,
      t: request.t,
      readings,
      language: request.language,
      table,
      fields,
      dryRun,
      mode,
      existing,
      log: request.log,
    });
    const used: Mapping = Object.fromEntries(table.headings.map((heading, index) => [heading, fields[index]]));
    if (!dryRun && outcome.created > 0) {
      // Thousands of rows in one go: the embedded database vacuums the table at its next idle moment (issue 16,
      // point 7), so the next lists read its new rows from index-only scans. PostgreSQL's autovacuum does this itself.
      app.idleVacuum?.schedule(resource.table);
      await saveMapping(database.pool, request.user.tenant_id, request.user.id, resource, used);
    }
    const words = new Words(request.t, request.language, lists);
    const required = new Set(resource.loaded.schema.required ?? []);
    const message = dryRun
      ? request.t('import.checked', { valid: outcome.valid, rows: outcome.rows })
      : request.t('import.done', { created: outcome.created, rows: outcome.rows });
    return {
      message,
      data: {
        dry_run: dryRun,
        mode,
        rows: outcome.rows,
        valid: outcome.valid,
        created: outcome.created,
        columns: table.headings.map((column, index) => ({ column, field: fields[index] })),
        fields: importable.map((field) => ({ field, label: words.heading(resource, field), required: required.has(field) })),
        errors: outcome.errors,
        more_errors: outcome.moreErrors,
        // Where the resource has an `importMatch` field: the rows already there, and those left out.
        ...(resource.definition.importMatch
          ? { match_field: resource.definition.importMatch, existing: outcome.existing, existing_rows: outcome.existingRows, skipped: outcome.skipped }
          : {}),
      },
    };
  }
}
