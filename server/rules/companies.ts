/**
 * The tenant's main company (SPEC §3's main flag): the one registration made, named in the member's profile
 * (`user.company`) and on the avatar card. There is always exactly one (at most one: the unique index of
 * migration 001): making a company the main one makes the old one not main (the change in the audit trail),
 * and the main company can be neither unmarked nor deleted; another company is made the main one instead. A write that makes a company main first takes the
 * tenant's lock for it, so two companies made main at once end with one: the later write sees the earlier.
 */
import { sql } from '../db/sql';
import { HttpError } from '../http-error';
import type { ResourceRules } from '../engine/rule-types';

export const companyRules: ResourceRules = {
  async beforeWrite({ store, resource, actor }, { id, current, data }) {
    if (current?.main === true && data.main !== true)
      throw new HttpError(422, 'errors.invalidData', { fieldErrors: { main: [{ key: 'companies.mainStays' }] } });
    if (data.main !== true || current?.main === true) return;
    // Before this one is stored: the unique index companies_one_main (migration 001) allows one main company.
    await store.client.query(`SELECT pg_advisory_xact_lock(hashtext('fleetdesk-main-company'), $1::int)`, [store.tenantId % 2_147_483_647]);
    const others = await store.page(resource, {}, [sql`data @> '{"main":true}'::jsonb`, id === null ? sql`true` : sql`id <> ${id}`], sql`id ASC`, 100, 0);
    for (const row of others) await store.update(resource, Number(row.id), { ...row.data, main: false }, actor.id, row.data);
  },

  beforeDelete(_context, { data }) {
    if (data.main === true) throw new HttpError(409, 'companies.mainNotDeletable');
    return Promise.resolve();
  },
};
