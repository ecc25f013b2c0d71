/**
 * A handover act's mileage (issue 13): an odometer only goes up. An act may not give a lower mileage than
 * an act of the same vehicle dated before it (or on the same day and made earlier), nor, when it is the
 * vehicle's latest act, than the vehicle's own mileage; the refusal names the mileage it must reach. Nor
 * may a back-dated act give a higher mileage than an act dated after it (the refusal names that act). A
 * higher mileage becomes the vehicle's (its change is in the audit trail). The vehicle's row is locked
 * first, so two acts saved at once are checked one after the other.
 *
 * The photos of damages (`damages[].photo_ids`) are the server's: they are added by the hand-written
 * upload route. A body may keep them, move them to another damage or drop them (the form sends the list
 * back as it shows it), never name a file that is not already one of this act's damage photos; a photo
 * dropped from every damage is deleted with the write.
 */
import { sql } from '../db/sql';
import { HttpError } from '../http-error';
import type { EngineResource } from '../engine/model';
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
