import { describe, expect, it } from 'vitest';
import { compareActs } from './compare';

const before = {
  id: 7,
  date: '2026-03-01',
  mileage: 250_000,
  fuel_remaining: 400,
  equipment: [
    { name: 'Fire extinguisher', present: true },
    { name: 'Warning triangle', present: true },
    { name: 'Jack', present: false },
  ],
  documents: [{ name: 'Insurance', present: true }],
  damages: [{ title: 'Scratch on the left door' }],
  tires: [{ position: 'Front left', tread_depth: 9, pressure: 8.5 }, { position: 'Front right', tread_depth: 8.5 }, { position: 'Rear left' }],
};

describe('what changed between two handover acts', () => {
  it('names new damages, missing equipment and documents, km driven, fuel and tread lost', () => {
    const now = {
      date: '2026-03-15',
      mileage: 253_420,
      fuel_remaining: 150.5,
      equipment: [
        { name: 'fire  extinguisher', present: true },
        { name: 'Jack', present: true },
      ],
      documents: [{ name: 'Insurance', present: false }],
      damages: [{ title: 'scratch on the left door' }, { title: 'Broken mirror', description: 'Right mirror' }],
      tires: [{ position: 'Front left', tread_depth: 8.2 }, { position: 'Front right' }, { position: 'Rear left', tread_depth: 7 }],
    };
    expect(compareActs(before, now)).toEqual({
      previous: { id: 7, date: '2026-03-01' },
      km_driven: 3420,
      fuel_difference: -249.5,
      new_damages: [{ title: 'Broken mirror', description: 'Right mirror' }],
      equipment_missing: ['Warning triangle'],
      documents_missing: ['Insurance'],
      tread_lost: [{ position: 'Front left', before: 9, after: 8.2, lost: 0.8 }],
    });
  });

  it('matches documents and tyres of acts written in two languages by their keys, not their translated names', () => {
    const english = {
      id: 8,
      date: '2026-04-01',
      documents: [
        { name: 'Fuel card E100-2745-0011', present: true, key: 'card:11' },
        { name: 'Tachograph', present: true, key: 'column:3' },
      ],
      tires: [{ position: 'Front left', key: 'frontLeft', tread_depth: 9 }],
    };
    const german = {
      date: '2026-04-02',
      documents: [
        { name: 'Kraftstoff-Karte E100-2745-0011', present: true, key: 'card:11' },
        { name: 'Tachograph', present: false, key: 'column:3' },
      ],
      tires: [{ position: 'Vorne links', key: 'frontLeft', tread_depth: 8 }],
    };
    const changes = compareActs(english, german);
    expect(changes.documents_missing).toEqual(['Tachograph']);
    expect(changes.tread_lost).toEqual([{ position: 'Vorne links', before: 9, after: 8, lost: 1 }]);
    // An act made before keys is still matched by its name.
    expect(
      compareActs({ ...before, documents: [{ name: 'Insurance', present: true }] }, { documents: [{ name: 'Insurance', present: true, key: 'column:1' }] })
        .documents_missing,
    ).toEqual([]);
  });

  it('has nothing to compare for a vehicle’s first act', () => {
    expect(compareActs(null, before)).toMatchObject({ previous: null, km_driven: null, new_damages: [], tread_lost: [] });
  });

  it('leaves out what either act does not say', () => {
    expect(compareActs(before, { date: '2026-04-01' })).toMatchObject({
      km_driven: null,
      fuel_difference: null,
      new_damages: [],
      equipment_missing: ['Fire extinguisher', 'Warning triangle'],
    });
  });
});
