/**
 * The compliance page as a file (`GET /api/compliance/export?format=csv|xlsx&<the page's filters>`): every item
 * the page's filters select, in the page's order, with the subject, the obligation, the date, the days left and
 * the state in the member's language. The items are derived from the records (server/compliance/), read a
 * thousand at a time through the page's own statement.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { obligationTypeName, type ComplianceFilter, type ComplianceItem, type Holds } from '../../resources/compliance';
import { compliancePage } from '../compliance/page';
import type { Database } from '../db/database';
import type { EngineModel } from '../engine/model';
import { invalid } from '../engine/create-record';
import { madeFileDisposition } from '../files/file-names';
import type { Cell } from './read-table';
import { CONTENT_TYPES, EXPORT_FORMATS, tableWriter, type ExportFormat } from './table-writers';

const BATCH = 1000;

function cellsOf(item: ComplianceItem, t: FastifyRequest['t']): Cell[] {
  const kind = t(`compliance.kinds.${item.kind}`);
  const type = obligationTypeName(item, t);
  return [
    t(`compliance.subjects.${item.subject.type}`),
    item.subject.label ?? `#${item.subject.id}`,
    type ? `${kind}: ${type}` : kind,
    item.valid_until ? new Date(`${item.valid_until}T00:00:00Z`) : null,
    item.days_left,
    t(`compliance.states.${item.state}`),
  ];
}

export async function sendComplianceExport(
  request: FastifyRequest,
  reply: FastifyReply,
  context: { database: Database; model: EngineModel; holds: Holds; filter: ComplianceFilter; total: number; format: unknown },
) {
  const { database, model, holds, filter } = context;
  if (!EXPORT_FORMATS.includes(context.format as ExportFormat)) throw invalid({ format: [{ key: 'validation.enum' }] });
  const format = context.format as ExportFormat;
  const t = request.t;
  const headings = [
    t('compliance.filters.subjectType'),
    t('compliance.columns.subject'),
    t('compliance.columns.obligation'),
    t('compliance.columns.validUntil'),
    t('compliance.columns.daysLeft'),
    t('compliance.columns.state'),
  ];
  const title = t('menu.compliance');
  const writer = tableWriter(format, headings, title, request.language);
  async function produce() {
    for (let page = 1; ; page += 1) {
      if (writer.output.destroyed) return;
      const { items, hasMore } = await compliancePage(database.pool, model, request.user.tenant_id, holds, filter, { page, perPage: BATCH });
      for (const item of items) await writer.row(cellsOf(item, t));
      if (!hasMore) break;
    }
    if (!writer.output.destroyed) await writer.end();
  }
  const date = new Date().toISOString().slice(0, 10);
  reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', madeFileDisposition(`compliance-${date}.${format}`, `${title}-${date}.${format}`))
    .header('x-export-rows', String(context.total))
    .header('cache-control', 'no-store');
  produce().catch((error: unknown) => {
    request.log.error({ err: error }, 'compliance export failed while streaming');
    writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(writer.output);
}
