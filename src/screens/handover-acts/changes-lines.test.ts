import { describe, expect, it } from 'vitest';
import { changeLines, signed, type ActChanges } from '../../../resources/handover-act-changes';

const amount = (value: number, unit: string) => `${value} ${unit}`;
const none: ActChanges = {
  previous: { id: 1, date: '2026-03-01' },
  km_driven: null,
  fuel_difference: null,
  new_damages: [],
  equipment_missing: [],
  documents_missing: [],
  tread_lost: [],
};

describe('what changed since the previous act, as lines', () => {
  it('says nothing for a vehicle’s first act', () => {
    expect(changeLines({ ...none, previous: null }, amount)).toBeNull();
  });

  it('shows km driven, the fuel difference with its sign, new damages, what went missing and tread lost', () => {
    const lines = changeLines(
      {
        ...none,
        km_driven: 3420,
        fuel_difference: -250,
        new_damages: [{ title: 'Broken mirror' }, { title: 'Fine', description: 'Parking' }],
        equipment_missing: ['Warning triangle'],
        tread_lost: [
          { position: 'Front left', before: 9, after: 8.5, lost: 0.5 },
          { position: 'Front right', before: 9, after: 9, lost: 0 },
        ],
      },
      amount,
    );
    expect(lines?.map((line) => [line.id, line.values, line.warning])).toEqual([
      ['kmDriven', ['3420 km'], false],
      ['fuel', ['−250 l'], true],
      ['newDamages', ['Broken mirror', 'Fine — Parking'], true],
      ['equipmentMissing', ['Warning triangle'], true],
      ['documentsMissing', [], false],
      ['treadLost', ['Front left: −0.5 mm'], true],
    ]);
  });

  it('does not warn about more fuel', () => {
    expect(changeLines({ ...none, fuel_difference: 30 }, amount)?.find((line) => line.id === 'fuel')).toEqual({
      id: 'fuel',
      values: ['+30 l'],
      warning: false,
    });
    expect(signed(0, 'l', amount)).toBe('0 l');
  });
});
