/**
 * A vehicle's mileage may not be set below what its handover acts recorded (issue 13: an odometer only goes
 * up; rules/handover-acts.ts raises the vehicle's mileage with each act). Correcting a typo above that is
 * still possible, and a vehicle without acts takes any mileage. The refusal names the highest act's mileage.
 */
import { sql } from '../db/sql';
import { HttpError } from '../http-error';
import type { EngineResource } from '../engine/model';
import type { ResourceRules } from '../engine/rule-types';
import { numberOf } from './handover-acts';

export const transportRules: ResourceRules = {
  async beforeWrite({ store, model }, { id, data, current }) {
    const mileage = numberOf(data.mileage);
    if (id === null || mileage === undefined || mileage === numberOf(current?.mileage)) return;
    const acts = model.byName.get('handover-acts') as EngineResource;
    const [highest] = await store.page(acts, { parentId: id }, [sql`jsonb_typeof(data->'mileage') = 'number'`], sql`(data->>'mileage')::numeric DESC`, 1, 0);
    const recorded = numberOf(highest?.data.mileage);
    if (recorded !== undefined && mileage < recorded)
      throw new HttpError(422, 'errors.invalidData', {
        fieldErrors: { mileage: [{ key: 'transport.mileageBelowActs', params: { recorded, date: String(highest?.data.date) } }] },
      });
  },
};
