/**
 * `GET /api/hr/expiring`: what expires among the tenant's employees, soonest first, for HR main's "documents
 * expiring soon" panel (SPEC §2, §4): the compliance engine's dated obligations of employees (HR documents,
 * passports, contracts: server/compliance/), past their end date (`expired`) or within their threshold
 * (`expiring`). The whole company's view, gaps included, is `GET /api/compliance` (compliance.ts).
 *
 * Query: `page`, `perPage` (1–100, 10), `state` (expired | expiring), `company_id`, `within_days` (1–365).
 * Answer: `{ data: ComplianceItem[], pagination: { currentPage, perPage, hasMore } }`: no total, which would
 * read every item of a large tenant on every request.
 */
import type { FastifyInstance } from 'fastify';
import { holds } from '../../resources/permissions';
import { compliancePages } from '../compliance/page-cache';
import type { ComplianceChanges } from '../compliance/change-watch';
import type { Database } from '../db/database';
import { complianceQueryDocumented, readComplianceQuery } from './compliance-query';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function expiringRoutes(app: FastifyInstance, options: { database: Database; changes: ComplianceChanges }) {
  // Cached on the embedded database until the next write (compliance/page-cache.ts).
  const pages = compliancePages(options.changes);
  app.addHook('onClose', (_instance, done) => {
    pages.stop();
    done();
  });
  const allowed = { states: ['expired', 'expiring'], filters: [] };
  const query = complianceQueryDocumented(allowed);
  app.get('/api/hr/expiring', { onRequest: app.authenticate, config: { permission: 'employees.view', query } }, async (request) => {
    const { page, perPage, filter } = readComplianceQuery(request.query as Record<string, unknown>, allowed);
    const user = request.user;
    const { items, hasMore } = await pages.read(
      options.database.pool,
      app.engine,
      user.tenant_id,
      (right) => holds(user.data, right),
      { ...filter, subjectType: 'employee', withoutMissing: true },
      { page, perPage },
    );
    return { data: items, pagination: { currentPage: page, perPage, hasMore } };
  });
}
