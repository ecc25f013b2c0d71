/**
 * The state of each transport document cell of some vehicles, as the compliance engine judges it (so the
 * document columns and the compliance page never disagree): `missing` (no end date in a column every vehicle needs),
 * `expired`, `expiring` (within its column's `warning_days`) or `good`. Keyed `<vehicle id>:<column id>`.
 */
import type { EngineModel } from '../engine/model';
import type { Client } from './items';
import { obligationsOf } from './subjects';

export type CellState = 'missing' | 'expired' | 'expiring' | 'good';

/** No end date is later than this: every cell with a date comes back. */
const FOREVER = '9999-12-31';

export async function cellStates(client: Client, model: EngineModel, tenantId: number, vehicleIds: number[]): Promise<Map<string, CellState>> {
  const states = new Map<string, CellState>();
  if (vehicleIds.length === 0) return states;
  const items = await obligationsOf(
    client,
    model,
    tenantId,
    vehicleIds.map((id) => ({ type: 'vehicle', id })),
    FOREVER,
  );
  for (const item of items) {
    if (item.kind !== 'vehicle-document') continue;
    const daysLeft = item.days_left;
    const state: CellState = daysLeft === null ? 'missing' : daysLeft < 0 ? 'expired' : daysLeft <= item.warning_days ? 'expiring' : 'good';
    states.set(`${item.subject.id}:${item.type_id}`, state);
  }
  return states;
}
