/**
 * `GET <list path>/export?format=csv|xlsx&<the list's own parameters>` for every resource with a list
 * (docs/import-export.md): the list's columns with their labels, every row its filters, search and sort match,
 * streamed from the database into the file as the download takes it, so a million orders never sit in memory.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permissionName } from '../../resources/permissions';
import { fieldsOfView } from '../../resources/views';
import type { Database } from '../db/database';
import { recordSensitiveReads } from '../engine/audit';
import { invalid } from '../engine/create-record';
import { parseListQuery } from '../engine/list-query';
import { maskRecord, sensitiveFieldsIn } from '../engine/masking';
import type { EngineModel, EngineResource } from '../engine/model';
import { toWire } from '../engine/records';
import { fastifyPath, seesSensitive } from '../engine/routes';
import { scopeOfPath } from '../engine/scope';
import { EngineStore } from '../engine/store';
import { exportable, exportCell } from './export-cells';
import { madeFileDisposition } from '../files/file-names';
import { exportRows } from './export-rows';
import { ReferenceLabels } from './reference-labels';
import { CONTENT_TYPES, EXPORT_FORMATS, fixedDecimals, tableWriter, type ExportFormat } from './table-writers';
import { lookups, Words } from './vocabulary';

/** Parameters of the list that do not narrow it: an export is every row, not a page. */
const PAGING = ['page', 'perPage', 'cursor'];

/**
 * The columns an export writes: the list's, without the fields a path fixes (as the list's own page leaves them out),
 * a derived one as the fields it is made of (`exportParts`), so that the file can be imported back.
 */
export function exportColumns(resource: EngineResource, fixed: string[]): string[] {
  const parts = resource.definition.exportParts ?? {};
  const columns = fieldsOfView(resource.definition, resource.loaded.schema, 'list').flatMap((field) => parts[field] ?? [field]);
  return [...new Set(columns)].filter((field) => field in resource.properties && !fixed.includes(field) && exportable(resource, field));
}

export function registerExportRoute(app: FastifyInstance, database: Database, model: EngineModel, resource: EngineResource, referenceDataDir?: string) {
  const list = resource.definition.api.list;
  if (!list) return;
  app.get(fastifyPath(`${list.path}/export`), {
    onRequest: app.authenticate,
    config: { permission: permissionName(resource.definition.permission, 'view') },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { format, ...parameters } = request.query as Record<string, unknown>;
      if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw invalid({ format: [{ key: 'validation.enum' }] });
      for (const name of PAGING) delete parameters[name];
      const store = new EngineStore(database.pool, request.user.tenant_id);
      const scope = await scopeOfPath(request.params as Record<string, string>, store, model, resource);
      const sensitive = seesSensitive(request);
      const query = parseListQuery(resource, parameters, Object.keys(request.params as object), { hidden: sensitive ? [] : resource.sensitiveFields });
      const columns = exportColumns(resource, Object.keys(scope.fields ?? {}));
      const words = new Words(request.t, request.language, lookups(referenceDataDir));
      const title = request.t(`${resource.name}.title`);
      const date = new Date().toISOString().slice(0, 10);
      const extension = format as ExportFormat;
      const writer = tableWriter(
        extension,
        columns.map((field) => words.heading(resource, field)),
        title,
        request.language,
        columns.map((field) => fixedDecimals(resource.properties[field])),
      );
      const labels = new ReferenceLabels(store, model);
      const readSensitive = sensitive ? columns.filter((field) => resource.sensitiveFields.includes(field)) : [];

      // Last before the answer: on PostgreSQL it holds a snapshot (and a connection) until produce() has read it.
      const { total, batches } = await exportRows(database, store, resource, scope, query, columns);

      async function produce() {
        for await (const rows of batches) {
          if (writer.output.destroyed) break; // the download was cancelled: stop reading (the cursor closes)
          const records = rows.map((row) => (sensitive ? toWire(resource, row) : maskRecord(resource, toWire(resource, row))));
          await labels.load(resource, records, columns);
          for (const record of records) await writer.row(columns.map((field) => exportCell(resource, field, record, words, labels)));
          if (readSensitive.length > 0)
            await recordSensitiveReads(
              database.pool,
              request.user,
              resource,
              rows.map((row) => ({ id: row.id, fields: sensitiveFieldsIn(resource, row.data).filter((field) => readSensitive.includes(field)) })),
            );
        }
        // A download cancelled half-way has nothing more to finish.
        if (!writer.output.destroyed) await writer.end();
      }

      reply
        .header('content-type', CONTENT_TYPES[extension])
        .header('content-disposition', madeFileDisposition(`${resource.name}-${date}.${extension}`, `${title}-${date}.${extension}`))
        .header('x-export-rows', String(total))
        .header('cache-control', 'no-store');
      // Headers are gone with the first byte: a failure later can only cut the file short (and is logged).
      produce().catch((error: unknown) => {
        request.log.error({ err: error }, 'export failed while streaming');
        writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.send(writer.output);
    },
  });
}
