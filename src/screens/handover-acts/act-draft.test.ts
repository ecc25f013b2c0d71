import { describe, expect, it } from 'vitest';
import { actBody, errorsAfterChange, firstInvalidStep, mileageJump, photoUploads, stepErrors, stepOfField, today, type ActDraft } from './act-draft';

const now = new Date(2026, 2, 20, 12);
const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const complete = (): ActDraft => ({
  transport_id: 7,
  date: '2026-03-20',
  transferred_by_id: 1,
  received_by_id: 2,
  fuel_remaining: 120,
  mileage: 250_000,
  equipment: [{ name: ' Warning  triangle ', present: true }],
  damages: [
    { key: 'a', title: 'Dent', description: '  ', photos: [photo('dent.jpg'), photo('dent-2.jpg')] },
    { key: 'b', title: 'Fine', description: 'Speeding', photos: [] },
  ],
  documents: [{ name: 'Insurance', present: false }],
  tires: [{ position: 'Front left', pressure: 8.5, tread_depth: 9 }, { position: 'Front right' }],
});

describe('the steps of a new handover act', () => {
  it('lets a complete act through every step', () => {
    expect(firstInvalidStep(complete(), now)).toBeNull();
  });

  it('asks for the vehicle and a date not later than today', () => {
    expect(stepErrors('vehicle', { ...complete(), transport_id: undefined, date: '2026-03-21' }, now)).toEqual({
      transport_id: { key: 'validation.required' },
      date: { key: 'validation.notAfterToday' },
    });
  });

  it('asks for both people, and two different ones', () => {
    expect(stepErrors('people', { ...complete(), transferred_by_id: undefined }, now)).toEqual({ transferred_by_id: { key: 'validation.required' } });
    expect(stepErrors('people', { ...complete(), received_by_id: 1 }, now)).toEqual({ received_by_id: { key: 'handover-acts.steps.samePerson' } });
  });

  it('asks for fuel and mileage as numbers within the schema’s limits', () => {
    expect(stepErrors('fuel', { ...complete(), fuel_remaining: undefined }, now)).toEqual({ fuel_remaining: { key: 'validation.required' } });
    expect(stepErrors('mileage', { ...complete(), mileage: -1 }, now)).toEqual({ mileage: { key: 'validation.minimum', params: { limit: 0 } } });
    expect(firstInvalidStep({ ...complete(), mileage: undefined }, now)).toBe('mileage');
    // The schema's 5,000 l at the fuel step itself: the step took 100,000 and the save then failed.
    expect(stepErrors('fuel', { ...complete(), fuel_remaining: 6000 }, now)).toEqual({
      fuel_remaining: { key: 'validation.maximum', params: { limit: 5000 } },
    });
  });

  it('refuses at the first step a vehicle the link names that is not there', () => {
    expect(stepErrors('vehicle', complete(), now, { vehicleGone: true })).toEqual({ transport_id: { key: 'validation.refMissing' } });
    expect(stepErrors('vehicle', complete(), now, {})).toEqual({});
  });

  it('refuses more fuel than the vehicle’s tank holds, when its capacity is known', () => {
    const facts = { vehicleTankLitres: 1000 };
    expect(stepErrors('fuel', { ...complete(), fuel_remaining: 1234.5 }, now, facts)).toEqual({
      fuel_remaining: { key: 'handover-acts.fuelAboveTank', params: { tank: 1000 } },
    });
    expect(stepErrors('fuel', { ...complete(), fuel_remaining: 1000 }, now, facts)).toEqual({});
    expect(stepErrors('fuel', { ...complete(), fuel_remaining: 1234.5 }, now, {})).toEqual({});
  });

  it('refuses at its step a mileage of today’s act below the vehicle’s last known one, and leaves a back-dated act to the server', () => {
    const facts = { vehicleMileage: 260_000 };
    expect(stepErrors('mileage', complete(), now, facts)).toEqual({ mileage: { key: 'handover-acts.mileageBelowLast', params: { last: 260_000 } } });
    expect(firstInvalidStep(complete(), now, facts)).toBe('mileage');
    expect(stepErrors('mileage', { ...complete(), mileage: 260_000 }, now, facts)).toEqual({});
    expect(stepErrors('mileage', { ...complete(), date: '2026-03-01' }, now, facts)).toEqual({});
    expect(stepErrors('mileage', complete(), now, {})).toEqual({});
  });

  it('names the row of a list that lacks its name, and a tyre out of range', () => {
    const draft = complete();
    draft.damages[1].title = ' ';
    draft.tires[1].tread_depth = 31;
    expect(stepErrors('damages', draft, now)).toEqual({ 'damages.1.title': { key: 'validation.required' } });
    expect(stepErrors('tires', draft, now)).toEqual({ 'tires.1.tread_depth': { key: 'validation.maximum', params: { limit: 30 } } });
  });

  it('refuses a row’s text past the schema’s limit at its own step, measured as it will be stored', () => {
    const draft = complete();
    draft.equipment[0].name = 'x'.repeat(101);
    draft.damages[0].title = 'd'.repeat(201);
    draft.damages[1].description = 'n'.repeat(1001);
    draft.documents.push({ name: '  ', present: true });
    draft.tires[0].position = 'p'.repeat(51);
    expect(stepErrors('equipment', draft, now)).toEqual({ 'equipment.0.name': { key: 'validation.maxLength', params: { limit: 100 } } });
    expect(stepErrors('damages', draft, now)).toEqual({
      'damages.0.title': { key: 'validation.maxLength', params: { limit: 200 } },
      'damages.1.description': { key: 'validation.maxLength', params: { limit: 1000 } },
    });
    expect(stepErrors('documents', draft, now)).toEqual({ 'documents.1.name': { key: 'validation.required' } });
    expect(stepErrors('tires', draft, now)).toEqual({ 'tires.0.position': { key: 'validation.maxLength', params: { limit: 50 } } });
    expect(firstInvalidStep(draft, now)).toBe('equipment');
    // Spaces the server drops do not count: 100 letters with spaces around them and doubled inside are within 100.
    draft.equipment[0].name = `  ${'x'.repeat(50)}   ${'y'.repeat(49)}  `;
    expect(stepErrors('equipment', draft, now)).toEqual({});
  });

  it('questions a reading far above the vehicle’s last known mileage, without refusing it', () => {
    expect(mileageJump({ mileage: 99_999_999 }, { vehicleMileage: 53_440 })).toBe(99_946_559);
    expect(stepErrors('mileage', { ...complete(), mileage: 99_999_999 }, now, { vehicleMileage: 53_440 })).toEqual({});
    expect(mileageJump({ mileage: 103_440 }, { vehicleMileage: 53_440 })).toBeUndefined();
    expect(mileageJump({ mileage: 103_441 }, { vehicleMileage: 53_440 })).toBe(50_001);
    expect(mileageJump({ mileage: 99_999_999 }, {})).toBeUndefined();
    expect(mileageJump({ mileage: undefined }, { vehicleMileage: 53_440 })).toBeUndefined();
  });

  it('checks a step again as it is corrected once it has said what is wrong, keeping the server’s word on fields not changed', () => {
    const empty = { ...complete(), transport_id: undefined };
    const shown = stepErrors('vehicle', empty, now);
    expect(shown).toHaveProperty('transport_id');
    // The vehicle chosen: its "required" goes at once.
    expect(errorsAfterChange(shown, stepErrors('vehicle', complete(), now), ['transport_id'])).toEqual({});
    const server = { date: { key: '', text: 'Nope' }, transport_id: { key: '', text: 'Gone' } };
    expect(errorsAfterChange(server, stepErrors('vehicle', complete(), now), ['transport_id'])).toEqual({ date: { key: '', text: 'Nope' } });
  });

  it('finds the step of a server’s field error', () => {
    expect(stepOfField('mileage')).toBe('mileage');
    expect(stepOfField('damages.1.title')).toBe('damages');
    expect(stepOfField('version')).toBe('vehicle');
  });

  it('gives today as the local date', () => {
    expect(today(now)).toBe('2026-03-20');
  });
});

describe('saving a new handover act', () => {
  it('sends the act without its photos, text trimmed and blanks left out', () => {
    expect(actBody(complete())).toEqual({
      date: '2026-03-20',
      transferred_by_id: 1,
      received_by_id: 2,
      fuel_remaining: 120,
      mileage: 250_000,
      equipment: [{ name: 'Warning triangle', present: true }],
      damages: [{ title: 'Dent' }, { title: 'Fine', description: 'Speeding' }],
      documents: [{ name: 'Insurance', present: false }],
      tires: [{ position: 'Front left', pressure: 8.5, tread_depth: 9 }, { position: 'Front right' }],
    });
  });

  it('uploads each photo kind on its own and each damage’s photos to its index', () => {
    const draft = { ...complete(), fuel_photo: photo('fuel.jpg'), driver_selfie: photo('me.jpg') };
    expect(photoUploads(draft).map((upload) => [upload.key, upload.path, upload.parts.map((part) => `${part.field}:${part.file.name}`)])).toEqual([
      ['fuel_photo', 'photos', ['fuel_photo:fuel.jpg']],
      ['driver_selfie', 'photos', ['driver_selfie:me.jpg']],
      ['damage-a', 'damages/0/photos', ['photos:dent.jpg', 'photos:dent-2.jpg']],
    ]);
  });
});
