/**
 * What changed on a vehicle between two handover acts (issue 13): what settles "who damaged it". New
 * damages (by title, whatever the case and spacing), equipment and documents on board before and missing
 * now, km driven, the fuel difference, and tread depth lost per tyre position. Documents and tyres are matched
 * by their key where both acts have one, so acts written in two languages compare. A pure function of two
 * acts' data: the act's page and its PDF show the same.
 */
import type { ActChanges } from '../../resources/handover-act-changes';

type Act = Record<string, unknown>;

// The answer's shape, as the act's page and its PDF read it.
export type { ActChanges };

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const listOf = (value: unknown) => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);
const keyOf = (text: unknown) => (typeof text === 'string' ? text.trim().replace(/\s+/g, ' ').toLowerCase() : '');
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * What identifies an item of two acts as the same: its `key` (`card:12`, `frontLeft`: the same in every language),
 * and its name or position as written (acts made before keys, equipment typed in by hand).
 */
function sameAs(item: Record<string, unknown>, text: unknown): string[] {
  return [...(typeof item.key === 'string' ? [`key ${item.key}`] : []), `text ${keyOf(text)}`];
}

/** Names present in the previous act's list and now absent (marked absent, or not listed at all). */
function nowMissing(previous: unknown, current: unknown): string[] {
  const presentNow = new Set(
    listOf(current)
      .filter((item) => item.present === true)
      .flatMap((item) => sameAs(item, item.name)),
  );
  return listOf(previous)
    .filter((item) => item.present === true && !sameAs(item, item.name).some((identity) => presentNow.has(identity)))
    .map((item) => String(item.name));
}

export function compareActs(previous: (Act & { id: number }) | null, current: Act): ActChanges {
  if (!previous) {
    return { previous: null, km_driven: null, fuel_difference: null, new_damages: [], equipment_missing: [], documents_missing: [], tread_lost: [] };
  }
  const mileageBefore = numberOf(previous.mileage);
  const mileageNow = numberOf(current.mileage);
  const fuelBefore = numberOf(previous.fuel_remaining);
  const fuelNow = numberOf(current.fuel_remaining);
  const knownDamages = new Set(listOf(previous.damages).map((damage) => keyOf(damage.title)));
  const treadBefore = new Map(listOf(previous.tires).flatMap((tire) => sameAs(tire, tire.position).map((identity) => [identity, numberOf(tire.tread_depth)])));
  const treadLost: ActChanges['tread_lost'] = [];
  for (const tire of listOf(current.tires)) {
    const before = sameAs(tire, tire.position)
      .map((identity) => treadBefore.get(identity))
      .find((depth) => depth !== undefined);
    const after = numberOf(tire.tread_depth);
    if (before === null || before === undefined || after === null) continue;
    treadLost.push({ position: String(tire.position), before, after, lost: round(before - after) });
  }
  return {
    previous: { id: previous.id, date: typeof previous.date === 'string' ? previous.date : '' },
    km_driven: mileageBefore !== null && mileageNow !== null ? round(mileageNow - mileageBefore) : null,
    fuel_difference: fuelBefore !== null && fuelNow !== null ? round(fuelNow - fuelBefore) : null,
    new_damages: listOf(current.damages)
      .filter((damage) => !knownDamages.has(keyOf(damage.title)))
      .map((damage) => ({ title: String(damage.title), ...(typeof damage.description === 'string' ? { description: damage.description } : {}) })),
    equipment_missing: nowMissing(previous.equipment, current.equipment),
    documents_missing: nowMissing(previous.documents, current.documents),
    tread_lost: treadLost,
  };
}
