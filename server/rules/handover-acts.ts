/**
 * A handover act's mileage (issue 13): an odometer only goes up. An act may not give a lower mileage than
 * an act of the same vehicle dated before it (or on the same day and made earlier), nor, when it is the
 * vehicle's latest act, than the vehicle's own mileage; the refusal names the mileage it must reach. Nor
 * may a back-dated act give a higher mileage than an act dated after it (the refusal names that act). A
 * higher mileage becomes the vehicle's (its change is in the audit trail). The vehicle's row is locked
 * first, so two acts saved at once are checked one after the other. Deleting the act whose reading is still the
 * vehicle's gives the vehicle back the mileage it had before (a typo of an extra digit had stayed the vehicle's for
 * good, and every later act had to reach it): see `mileageWithout`.
 *
 * The photos of damages (`damages[].photo_ids`) are the server's: they are added by the hand-written
 * upload route. A body may keep them, move them to another damage or drop them (the form sends the list
 * back as it shows it), never name a file that is not already one of this act's damage photos; a photo
 * dropped from every damage is deleted with the write.
 */
import { sql } from '../db/sql';
import { HttpError } from '../http-error';
import type { EngineModel, EngineResource } from '../engine/model';
import type { EngineStore } from '../engine/store';
import type { ResourceRules } from '../engine/rule-types';

export const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

type Damage = Record<string, unknown> & { photo_ids?: unknown };

const damagesOf = (data: Record<string, unknown> | null): Damage[] => (Array.isArray(data?.damages) ? (data.damages as Damage[]) : []);

export const photoIdsOf = (data: Record<string, unknown> | null): number[] =>
  damagesOf(data).flatMap((damage) => (Array.isArray(damage.photo_ids) ? damage.photo_ids.filter((id): id is number => typeof id === 'number') : []));

/** Keeps in `data` only the damage photo ids the act already had (each once); answers the stored ones now dropped. */
function keepOwnDamagePhotos(data: Record<string, unknown>, current: Record<string, unknown> | null): number[] {
  const stored = new Set(photoIdsOf(current));
  const kept = new Set<number>();
  for (const damage of damagesOf(data)) {
    if (damage.photo_ids === undefined) continue;
    const own = (Array.isArray(damage.photo_ids) ? damage.photo_ids : []).filter(
      (photoId): photoId is number => typeof photoId === 'number' && stored.has(photoId) && !kept.has(photoId),
    );
    own.forEach((photoId) => kept.add(photoId));
    if (own.length > 0) damage.photo_ids = own;
    else delete damage.photo_ids;
  }
  return [...stored].filter((photoId) => !kept.has(photoId));
}

/**
 * The vehicle's mileage once an act that set it is gone: the higher of the vehicle's mileage before the act raised it
 * (the audit trail's entry of that change) and the highest reading of its other acts; null when the vehicle had none
 * before and no other act has one. Undefined when nothing is known (an entry older than the audit trail): the
 * vehicle keeps what it has, and the fleet manager may correct it, an edit no act stands in the way of any more.
 */
async function mileageWithout(
  store: EngineStore,
  model: EngineModel,
  act: { id: number; mileage: number; parentId: number },
): Promise<number | null | undefined> {
  const acts = model.byName.get('handover-acts') as EngineResource;
  const [highest] = await store.page(
    acts,
    { parentId: act.parentId },
    [sql`id <> ${act.id}`, sql`jsonb_typeof(data->'mileage') = 'number'`],
    sql`(data->>'mileage')::numeric DESC`,
    1,
    0,
  );
  const { text, values } = sql`SELECT changes->'mileage'->'before' AS before FROM audit_log
    WHERE tenant_id = ${store.tenantId} AND resource = 'transport' AND record_id = ${act.parentId} AND action = 'update'
      AND changes->'mileage'->'after' = to_jsonb(${act.mileage}::numeric)
    ORDER BY at DESC, id DESC LIMIT 1`.render();
  const { rows } = await store.client.query<{ before: unknown }>(text, values);
  const known = [numberOf(highest?.data.mileage), numberOf(rows[0]?.before)].filter((value): value is number => value !== undefined);
  if (known.length > 0) return Math.max(...known);
  return rows.length > 0 ? null : undefined;
}

export const handoverActRules: ResourceRules = {
  async beforeWrite({ store, model, resource }, { id, data, current, parentId }) {
    const dropped = keepOwnDamagePhotos(data, current);
    if (dropped.length > 0 && id !== null) {
      const { text, values } =
        sql`DELETE FROM files WHERE tenant_id = ${store.tenantId} AND owner_kind = 'handover-act' AND owner_id = ${id} AND id = ANY(${dropped}::bigint[])`.render();
      await store.client.query(text, values);
    }
    const mileage = numberOf(data.mileage);
    if (mileage === undefined || parentId === undefined || typeof data.date !== 'string') return;
    const vehicle = await store.find(model.byName.get('transport') as EngineResource, parentId, {}, 'FOR NO KEY UPDATE');
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
    // A back-dated act may not read more than an act after it: the odometer would have gone back in between.
    const [next] = await store.page(
      resource,
      { parentId },
      [others, sql`NOT (${before})`, sql`jsonb_typeof(data->'mileage') = 'number'`],
      sql`(data->>'mileage')::numeric ASC`,
      1,
      0,
    );
    const ceiling = numberOf(next?.data.mileage);
    if (ceiling !== undefined && mileage > ceiling)
      throw new HttpError(422, 'errors.invalidData', {
        fieldErrors: { mileage: [{ key: 'handover-acts.mileageAboveNext', params: { next: ceiling, date: String(next?.data.date) } }] },
      });
    const floors = [numberOf(earlier[0]?.data.mileage), later === 0 ? numberOf(vehicle?.data.mileage) : undefined].filter(
      (value): value is number => value !== undefined,
    );
    const last = floors.length > 0 ? Math.max(...floors) : undefined;
    if (last !== undefined && mileage < last)
      throw new HttpError(422, 'errors.invalidData', { fieldErrors: { mileage: [{ key: 'handover-acts.mileageBelowLast', params: { last } }] } });
  },

  async beforeDelete({ store, model, actor }, { id, data, parentId }) {
    const mileage = numberOf(data.mileage);
    if (mileage === undefined || parentId === undefined) return;
    const transport = model.byName.get('transport') as EngineResource;
    const vehicle = await store.find(transport, parentId, {}, 'FOR NO KEY UPDATE');
    if (!vehicle || numberOf(vehicle.data.mileage) !== mileage) return;
    const restored = await mileageWithout(store, model, { id, mileage, parentId });
    if (restored === undefined || (restored !== null && restored >= mileage)) return;
    const { mileage: _typo, ...withoutMileage } = vehicle.data;
    await store.update(transport, parentId, restored === null ? withoutMileage : { ...withoutMileage, mileage: restored }, actor.id, vehicle.data);
  },

  async afterWrite({ store, model, actor }, { data, parentId }) {
    const mileage = numberOf(data.mileage);
    if (mileage === undefined || parentId === undefined) return;
    const transport = model.byName.get('transport') as EngineResource;
    const vehicle = await store.find(transport, parentId, {}, 'FOR NO KEY UPDATE');
    if (!vehicle) return;
    const current = numberOf(vehicle.data.mileage);
    if (current === undefined || mileage > current) await store.update(transport, parentId, { ...vehicle.data, mileage }, actor.id, vehicle.data);
  },
};
