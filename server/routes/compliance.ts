/**
 * `GET /api/compliance`: the compliance page (issue 14) — every obligation of the tenant that is expired,
 * expiring within its threshold (or `within_days`) or missing, across employees, vehicles, trailers and
 * cards (server/compliance/), gaps first then soonest end date first, with the counts per state.
 * Open to a member with any of the four subjects' view rights; each subject type shows only with its own
 * (compliance/types.ts SUBJECT_RIGHTS), in the items and in the counts alike.
 *
 * Query: `page`, `perPage` (1–100, 10), `state` (expired | expiring | missing), `subject_type` (employee |
 * vehicle | trailer | card), `kind`, `company_id` (employees of that company only), `within_days` (1–365).
 * Answer: `{ data: ComplianceItem[], counts: { expired, expiring, missing }, pagination: { total,
 * currentPage, perPage, lastPage } }`; the counts leave the `state` filter aside (they are the page's tabs),
 * and the total is the count of what the filter asks.
 * `GET /api/compliance/export?format=csv|xlsx` with the same filters: every item they select, as a file.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holds } from '../../resources/permissions';
import { ensureComplianceIndexes } from '../compliance/indexes';
import { complianceCountsCache, compliancePages } from '../compliance/page-cache';
import { COMPLIANCE_STATES, SUBJECT_RIGHTS, SUBJECT_TYPES } from '../../resources/compliance';
import type { ComplianceChanges } from '../compliance/change-watch';
import type { Database } from '../db/database';
import { HttpError } from '../http-error';
import { SIGNED_IN } from '../plugins/auth';
import { sendComplianceExport } from '../import-export/compliance-export';
import { EXPORT_FORMATS } from '../import-export/table-writers';
import { complianceQueryDocumented, readComplianceQuery } from './compliance-query';
import { pageTotal } from '../compliance/page-total';

export async function complianceRoutes(app: FastifyInstance, options: { database: Database; changes: ComplianceChanges }) {
  app.indexBuilds.defer(await ensureComplianceIndexes(options.database, app.engine));
  // Pages cached on the embedded database, counts on both, until this process writes (compliance/page-cache.ts).
  const pages = compliancePages(options.changes);
  const counts = complianceCountsCache(options.changes);
  app.addHook('onClose', (_instance, done) => {
    pages.stop();
    counts.stop();
    done();
  });
  // Any of four rights opens it, which a route's single `permission` cannot say: signed in, then checked here.
  const mayRead = (request: FastifyRequest) => {
    if (!SUBJECT_TYPES.some((type) => holds(request.user.data, SUBJECT_RIGHTS[type]))) throw new HttpError(403, 'errors.forbidden');
  };
  const allowed = { states: COMPLIANCE_STATES, filters: ['subject_type', 'kind'] };
  const documented = complianceQueryDocumented(allowed);
  app.get('/api/compliance', { onRequest: app.authenticate, config: { permission: SIGNED_IN, query: documented } }, async (request) => {
    mayRead(request);
    const { page, perPage, filter } = readComplianceQuery(request.query as Record<string, unknown>, allowed);
    const user = request.user;
    const reader = (right: string) => holds(user.data, right);
    const [counted, { items }] = await Promise.all([
      counts.read(options.database.pool, app.engine, user.tenant_id, reader, filter),
      pages.read(options.database.pool, app.engine, user.tenant_id, reader, filter, { page, perPage }),
    ]);
    const { counts: shown, total } = pageTotal(counted, filter.state, { page, perPage, items: items.length });
    return { data: items, counts: shown, pagination: { total, currentPage: page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) } };
  });

  // The page as a file (docs/import-export.md): every item its filters select, in its order.
  const exportDocumented = { format: { type: 'string', enum: [...EXPORT_FORMATS], 'x-required': true }, ...documented };
  app.get('/api/compliance/export', { onRequest: app.authenticate, config: { permission: SIGNED_IN, query: exportDocumented } }, async (request, reply) => {
    mayRead(request);
    const { format, page: _page, perPage: _perPage, ...parameters } = request.query as Record<string, unknown>;
    const { filter } = readComplianceQuery(parameters, allowed);
    const holdsRight = (right: string) => holds(request.user.data, right);
    const counted = await counts.read(options.database.pool, app.engine, request.user.tenant_id, holdsRight, filter);
    const total = filter.state ? counted[filter.state] : counted.expired + counted.expiring + counted.missing;
    return sendComplianceExport(request, reply, { database: options.database, model: app.engine, holds: holdsRight, filter, total, format });
  });
}
