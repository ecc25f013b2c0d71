/**
 * The import and export routes in the OpenAPI document (docs/import-export.md), described from the
 * registry as the routes are registered from it: an export per list, an import per importable top-level
 * list, and the compliance page's export. A client generated from the document gets the file's content
 * types, the `format` choice and the import's form and answer.
 */
import { COMPLIANCE_STATES, OBLIGATION_KINDS, SUBJECT_TYPES } from '../../resources/compliance';
import { permissionName } from '../../resources/permissions';
import type { EngineModel } from '../engine/model';
import { errorResponses } from '../engine/openapi-errors';
import { resourceOperation, resourceWords, type Translate } from '../engine/openapi-names';
import { listQueryParameters, pathIdParameters } from '../engine/openapi-parameters';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './read-table';
import { CONTENT_TYPES, EXPORT_FORMATS } from './table-writers';

type Json = Record<string, unknown>;

const FORMAT: Json = { name: 'format', in: 'query', required: true, schema: { type: 'string', enum: [...EXPORT_FORMATS] } };

const exportAnswer: Json = {
  description: 'The file, streamed: a heading row of the list’s column labels in the member’s language, then every row',
  headers: {
    'X-Export-Rows': { description: 'The number of rows that follow, counted before the first byte', schema: { type: 'integer' } },
    'Content-Disposition': { description: '`attachment` with the file name, also translated (`filename*`)', schema: { type: 'string' } },
  },
  content: {
    [CONTENT_TYPES.csv.split(';')[0]]: { schema: { type: 'string', description: 'UTF-8 with a byte order mark, comma-separated' } },
    [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
  },
};

const IMPORT_RESULT: Json = {
  type: 'object',
  required: ['message', 'data'],
  properties: {
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['dry_run', 'mode', 'rows', 'valid', 'created', 'columns', 'fields', 'errors', 'more_errors'],
      properties: {
        dry_run: { type: 'boolean' },
        mode: { type: 'string', enum: ['all', 'valid'] },
        rows: { type: 'integer', description: 'Rows read (blank rows are not counted)' },
        valid: { type: 'integer', description: 'Rows without an error' },
        created: { type: 'integer', description: 'Records created: 0 on a dry run, and with `mode=all` and any error' },
        columns: {
          type: 'array',
          description: 'Each heading of the file and the field it fills (null: not read)',
          items: { type: 'object', required: ['column', 'field'], properties: { column: { type: 'string' }, field: { type: ['string', 'null'] } } },
        },
        fields: {
          type: 'array',
          description: 'The fields a column can be mapped to, labelled in the member’s language',
          items: {
            type: 'object',
            required: ['field', 'label', 'required'],
            properties: { field: { type: 'string' }, label: { type: 'string' }, required: { type: 'boolean' } },
          },
        },
        errors: {
          type: 'array',
          description: 'At most 1,000 errors of rows',
          items: {
            type: 'object',
            required: ['row', 'field', 'message'],
            properties: {
              row: { type: 'integer', description: 'The row number in the file (the heading is row 1)' },
              column: { type: 'string' },
              field: { type: 'string', description: '"" for the whole row' },
              message: { type: 'string' },
            },
          },
        },
        more_errors: { type: 'integer', description: 'How many errors were not listed' },
        match_field: { type: 'string', description: 'Resources with one only: the field by which a row is the same as a record already there' },
        existing: { type: 'integer', description: 'Rows the same as a record already there, or as an earlier row of the file, by `match_field`' },
        existing_rows: { type: 'array', items: { type: 'integer' }, description: 'The first 1,000 of them, by row number' },
        skipped: { type: 'integer', description: 'Of them, the rows left out (`existing=skip`)' },
      },
    },
  },
};

const IMPORT_FORM: Json = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `CSV (UTF-8) or XLSX, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`,
    },
    dry_run: { type: 'string', enum: ['true', 'false'], default: 'true', description: 'true: check every row and write nothing' },
    mode: { type: 'string', enum: ['all', 'valid'], default: 'all', description: 'all: nothing when any row fails; valid: the rows without errors' },
    existing: {
      type: 'string',
      enum: ['create', 'skip'],
      default: 'create',
      description: 'Where the resource matches rows to records already there (`match_field`): create such rows all the same, or skip them',
    },
    mapping: {
      type: 'string',
      contentMediaType: 'application/json',
      description: 'JSON `{ "<column heading>": "<field>" | null }` (null: the column is not read); else by heading, then the last import’s mapping',
    },
  },
};

const complianceExport = (): Json => ({
  operationId: 'compliance_export',
  summary: 'Export the compliance page as CSV or Excel',
  tags: ['compliance'],
  description: 'Every item the filters select, in the page’s order: subject type, subject, obligation, date, days left, state.',
  parameters: [
    FORMAT,
    { name: 'state', in: 'query', required: false, schema: { type: 'string', enum: [...COMPLIANCE_STATES] } },
    { name: 'subject_type', in: 'query', required: false, schema: { type: 'string', enum: [...SUBJECT_TYPES] } },
    { name: 'kind', in: 'query', required: false, schema: { type: 'string', enum: [...OBLIGATION_KINDS] } },
    { name: 'company_id', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    { name: 'within_days', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 365 } },
  ],
  responses: { 200: exportAnswer, ...errorResponses({ signedIn: true, query: true }) },
});

/** Adds the export and import operations to a document made by `buildOpenApi`. */
export function withImportExport(document: Json, model: EngineModel, t: Translate): Json {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
  schemas.ImportResult = IMPORT_RESULT;
  for (const resource of model.resources) {
    const list = resource.definition.api.list;
    if (!list) continue;
    const words = resourceWords(resource, t, (name) => model.byName.get(name));
    const pathIds = pathIdParameters(list.path);
    (paths[`/api${list.path}/export`] ??= {}).get = {
      ...resourceOperation(resource, 'export', words),
      tags: [resource.name],
      description: `Every row the list’s filters, search and sort select (its paging parameters are ignored), with the list’s columns. Needs: \`${permissionName(resource.definition.permission, 'view')}\``,
      parameters: [...pathIds, FORMAT, ...listQueryParameters(resource, ['page', 'perPage', 'cursor', 'labels'])],
      responses: { 200: exportAnswer, ...errorResponses({ signedIn: true, pathIds: pathIds.length > 0, query: true }) },
    };
    // A sub-resource's list has no import: the file's rows would not get the parent (import-route.ts).
    if (!resource.definition.importable || resource.definition.parent) continue;
    (paths[`/api${list.path}/import`] ??= {}).post = {
      ...resourceOperation(resource, 'import', words),
      tags: [resource.name],
      description: `Reads the file’s rows through the same checks as a create, in one transaction; a dry run writes nothing. Needs: \`${permissionName(resource.definition.permission, 'create')}\``,
      requestBody: { required: true, content: { 'multipart/form-data': { schema: IMPORT_FORM } } },
      responses: {
        200: {
          description: 'The file was read: what each row would give or gave (a row’s error is not the request’s failure)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ImportResult' } } },
        },
        ...errorResponses({
          signedIn: true,
          changes: true,
          upload: true,
          limited: true,
          specific: {
            413: `A file over ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
            415: 'Not a multipart form, or a file that is neither CSV text nor an XLSX workbook',
            422: 'A file or form that cannot be read: messages under `file` or `mapping`',
            429: 'Imports take turns in a server process, and too many are waiting: try again when they have finished',
          },
        }),
      },
    };
  }
  (paths['/api/compliance/export'] ??= {}).get = complianceExport();
  return document;
}
