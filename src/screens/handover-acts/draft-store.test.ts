import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ActDraft } from './act-draft';
import { DRAFT_MAX_AGE_MS, dropDraft, keepDraft, keptDraft } from './draft-store';

const photo = (name: string, text: string) => new File([text], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
const draft = (): ActDraft => ({
  transport_id: 7,
  date: '2026-03-20',
  fuel_remaining: 120,
  fuel_photo: photo('fuel.jpg', 'fuel bytes'),
  mileage: 250_000,
  equipment: [{ name: 'Warning triangle', present: true, key: 'column:3' }],
  damages: [{ key: 'a', title: 'Dent', description: 'Left door', photos: [photo('dent.jpg', 'dent'), photo('dent-2.jpg', 'dent two')] }],
  documents: [],
  tires: [{ position: 'Front left', key: 'frontLeft', pressure: 8.5 }],
});

describe('an act kept in the browser until it is saved', () => {
  it('gives back the values, the step and every photo with its name, type and bytes', async () => {
    await keepDraft('1:anna', { draft: draft(), step: 6, savedAt: Date.now() });
    const kept = await keptDraft('1:anna');
    expect(kept?.step).toBe(6);
    expect({ ...kept?.draft, fuel_photo: undefined, damages: [] }).toEqual({ ...draft(), fuel_photo: undefined, damages: [] });
    expect(kept?.draft.fuel_photo).toBeInstanceOf(File);
    expect(kept?.draft.fuel_photo?.name).toBe('fuel.jpg');
    expect(kept?.draft.fuel_photo?.type).toBe('image/jpeg');
    expect(await kept?.draft.fuel_photo?.text()).toBe('fuel bytes');
    expect(kept?.draft.mileage_photo).toBeUndefined();
    const damage = kept?.draft.damages[0];
    expect(damage?.title).toBe('Dent');
    expect(await Promise.all((damage?.photos ?? []).map((file) => file.text()))).toEqual(['dent', 'dent two']);
  });

  it('keeps one draft per member', async () => {
    await keepDraft('2:olena', { draft: { ...draft(), mileage: 1 }, step: 1, savedAt: Date.now() });
    await keepDraft('3:markus', { draft: { ...draft(), mileage: 2 }, step: 2, savedAt: Date.now() });
    expect((await keptDraft('2:olena'))?.draft.mileage).toBe(1);
    expect((await keptDraft('3:markus'))?.draft.mileage).toBe(2);
    expect(await keptDraft('4:nobody')).toBeUndefined();
  });

  it('drops a draft once it is discarded', async () => {
    await keepDraft('5:anna', { draft: draft(), step: 0, savedAt: Date.now() });
    await dropDraft('5:anna');
    expect(await keptDraft('5:anna')).toBeUndefined();
  });

  it('does not offer a draft older than a week, and forgets it', async () => {
    const now = Date.now();
    await keepDraft('6:anna', { draft: draft(), step: 3, savedAt: now - DRAFT_MAX_AGE_MS - 1 });
    expect(await keptDraft('6:anna', now)).toBeUndefined();
    // Gone, not just hidden: a clock set back does not bring it back.
    expect(await keptDraft('6:anna', now - 2 * DRAFT_MAX_AGE_MS)).toBeUndefined();
  });
});
