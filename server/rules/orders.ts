/**
 * Orders check their crew and equipment over the trip (server/compliance/order-check.ts): a save answers
 * the problems as `warnings` beside `data`, or — when the tenant's administrators turned on
 * `orders_block_on_compliance` (server/settings/tenant-settings.ts) — is refused with them as field errors;
 * `POST /api/orders/check` answers them for a body without saving (the definition's `check`); list pages
 * and the show mark each order with its problems' messages in `compliance_warnings`.
 */
import { holds } from '../../resources/permissions';
import { orderProblems, problemDetail, problemReason } from '../compliance/order-check';
import { readTenantSettings } from '../settings/tenant-settings';
import type { ResourceRules } from '../engine/rule-types';

/** The read-only field of the order schema that carries the marks (an admin may remove it from the schema). */
const MARKS_FIELD = 'compliance_warnings';

export const orderRules: ResourceRules = {
  async warnings({ client, model, store, actor, t }, { data }) {
    const [problems = []] = await orderProblems(client, model, store.tenantId, [data], (permission) => holds(actor.data, permission));
    const warnings = problems.map((problem) => ({ field: problem.field, reason: problemReason(problem, t), detail: problemDetail(problem) }));
    return { warnings, blocks: async () => (await readTenantSettings(client, store.tenantId)).orders_block_on_compliance };
  },

  async annotate({ client, model, resource, reader, t }, records) {
    if (!Object.hasOwn(resource.properties, MARKS_FIELD)) return;
    const problems = await orderProblems(client, model, reader.tenant_id, records, (permission) => holds(reader.data, permission));
    records.forEach((record, index) => {
      const found = problems[index] ?? [];
      // Only orders with a problem carry the field: a list page of clean orders stays as it was.
      if (found.length > 0)
        record[MARKS_FIELD] = found.map((problem) => {
          const { key, params } = problemReason(problem, t);
          return t(key, params);
        });
    });
  },
};
