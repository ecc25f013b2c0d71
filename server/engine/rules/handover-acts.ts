/**
 * A handover act's mileage (issue 13): an odometer only goes up. An act may not give a lower mileage than
 * an act of the same vehicle dated before it (or on the same day and made earlier), nor, when it is the
 * vehicle's latest act, than the vehicle's own mileage; the refusal names the mileage it must reach. A
 * higher mileage becomes the vehicle's (its change is in the audit trail). The vehicle's row is locked
 * first, so two acts saved at once are checked one after the other.
 */
import { sql } from '../../db/sql';
import { HttpError } from '../../http-error';
import type { EngineResource } from '../model';
import type { ResourceRules } from './types';

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export const handoverActRules: ResourceRules = {
  async beforeWrite({ store, model, resource }, { id, data, parentId }) {
    const mileage = numberOf(data.mileage);
    if (mileage === undefined || parentId === undefined || typeof data.date !== 'string') return;
    const vehicle = await store.find(model.byName.get('transport') as EngineResource, parentId, {}, true);
    const others = sql`${id === null ? sql`true` : sql`id <> ${id}`}`;
    const date = data.date;
    // Acts before this one: an earlier date, or the same date and made before it (a new act comes last).
    const before = id === null ? sql`data->>'date' <= ${date}` : sql`(data->>'date' < ${date} OR (data->>'date' = ${date} AND id < ${id}))`;
    const earlier = await store.page(
      resource,
      { parentId },
      [others, before, sql`jsonb_typeof(data->'mileage') = 'number'`],
      sql`(data->>'mileage')::numeric DESC`,
      1,
      0,
    );
    const later = await store.count(resource, { parentId }, [others, sql`NOT (${before})`]);
    const floors = [numberOf(earlier[0]?.data.mileage), later === 0 ? numberOf(vehicle?.data.mileage) : undefined].filter(
      (value): value is number => value !== undefined,
    );
    const last = floors.length > 0 ? Math.max(...floors) : undefined;
    if (last !== undefined && mileage < last)
      throw new HttpError(422, 'errors.invalidData', { fieldErrors: { mileage: [{ key: 'handover-acts.mileageBelowLast', params: { last } }] } });
  },

  async afterWrite({ store, model, actor }, { data, parentId }) {
    const mileage = numberOf(data.mileage);
    if (mileage === undefined || parentId === undefined) return;
    const transport = model.byName.get('transport') as EngineResource;
    const vehicle = await store.find(transport, parentId, {}, true);
    if (!vehicle) return;
    const current = numberOf(vehicle.data.mileage);
    if (current === undefined || mileage > current) await store.update(transport, parentId, { ...vehicle.data, mileage }, actor.id, vehicle.data);
  },
};
