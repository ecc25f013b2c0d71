/**
 * An employee's passports (SPEC §3, §8): at most MAX_PASSPORTS_PER_EMPLOYEE of them, and one primary. (No number
 * twice is the schema's `x-unique`: server/engine/unique-fields.ts.)
 * Making a passport primary makes the employee's other passports not primary (each change in the audit
 * trail). The count is taken with the employee's row locked, so two passports added at once cannot both
 * be the sixth.
 */
import { sql } from '../db/sql';
import { HttpError } from '../http-error';
import type { EngineResource } from '../engine/model';
import type { ResourceRules } from '../engine/rule-types';

/**
 * SPEC §9 leaves the maximum open: five covers a driver's usual, biometric and replaced passports and a
 * second citizenship, and keeps the card's passports tab one screen long.
 */
export const MAX_PASSPORTS_PER_EMPLOYEE = 5;

export const passportRules: ResourceRules = {
  async beforeWrite({ store, model, resource }, { id, parentId }) {
    if (id !== null || parentId === undefined) return;
    // Passports of one employee are added in turn (the count); NO KEY UPDATE lets the insert's own key check through.
    await store.find(model.byName.get('employees') as EngineResource, parentId, {}, 'FOR NO KEY UPDATE');
    if ((await store.count(resource, { parentId }, [])) >= MAX_PASSPORTS_PER_EMPLOYEE)
      throw new HttpError(422, 'passports.tooMany', { params: { count: MAX_PASSPORTS_PER_EMPLOYEE } });
  },

  async afterWrite({ store, resource, actor }, { id, data, parentId }) {
    if (data.primary !== true || parentId === undefined) return;
    const primaries = await store.page(resource, { parentId }, [sql`data @> '{"primary":true}'::jsonb`, sql`id <> ${id}`], sql`id ASC`, 100, 0);
    for (const row of primaries) await store.update(resource, Number(row.id), { ...row.data, primary: false }, actor.id, row.data);
  },
};
