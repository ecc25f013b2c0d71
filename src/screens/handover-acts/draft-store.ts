/**
 * An act not yet saved, kept in the browser (IndexedDB) as it is filled in: a phone that reloads the page
 * (the browser dropped the tab while the camera app was open, a flat battery, a tap on reload) offers it
 * again instead of losing the yard's photos. One draft per member, photos included; dropped once the act
 * is saved or the member discards it, and not offered after a week.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ActDraft } from './act-draft';

/** A draft older than this is not offered: the vehicle has long been handed over by another act. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface KeptDraft {
  draft: ActDraft;
  /** The step the member was on (index into STEPS). */
  step: number;
  /** When it was last changed (ms since the epoch). */
  savedAt: number;
}

/** A photo as stored: its bytes, not the File, which not every IndexedDB can hold (Safari's private mode, tests). */
interface StoredPhoto {
  name: string;
  type: string;
  lastModified: number;
  bytes: ArrayBuffer;
}

let store: UseStore | undefined;
// Opened on first use, not on import: a page that never makes an act never opens the database.
const draftsStore = () => (store ??= createStore('fleetdesk-act-drafts', 'drafts'));

const storedPhoto = async (file: File): Promise<StoredPhoto> => ({
  name: file.name,
  type: file.type,
  lastModified: file.lastModified,
  bytes: await file.arrayBuffer(),
});
const photoOf = (stored: StoredPhoto) => new File([stored.bytes], stored.name, { type: stored.type, lastModified: stored.lastModified });
const isStoredPhoto = (value: unknown): value is StoredPhoto =>
  typeof value === 'object' && value !== null && (value as StoredPhoto).bytes instanceof ArrayBuffer;

/** Every File in the draft (fuel, mileage, selfie, a damage's photos) as its bytes, and back. */
async function mapPhotos<From, To>(draft: ActDraft, photo: (from: From) => To | Promise<To>): Promise<ActDraft> {
  const one = async (value: unknown) => (value === undefined ? undefined : await photo(value as From));
  return {
    ...draft,
    fuel_photo: (await one(draft.fuel_photo)) as File | undefined,
    mileage_photo: (await one(draft.mileage_photo)) as File | undefined,
    driver_selfie: (await one(draft.driver_selfie)) as File | undefined,
    damages: await Promise.all(
      draft.damages.map(async (damage) => ({
        ...damage,
        photos: (await Promise.all(damage.photos.map(one))).filter((photo) => photo !== undefined) as File[],
      })),
    ),
  };
}

export async function keepDraft(owner: string, kept: KeptDraft): Promise<void> {
  const draft = await mapPhotos<File, StoredPhoto>(kept.draft, storedPhoto);
  await set(owner, { ...kept, draft }, draftsStore());
}

/** The member's draft, if one is kept and recent; an unreadable or old one is dropped. */
export async function keptDraft(owner: string, now = Date.now()): Promise<KeptDraft | undefined> {
  const kept = (await get<KeptDraft>(owner, draftsStore())) ?? undefined;
  if (!kept) return undefined;
  if (typeof kept.savedAt !== 'number' || now - kept.savedAt > DRAFT_MAX_AGE_MS || typeof kept.draft !== 'object') {
    await dropDraft(owner);
    return undefined;
  }
  return { ...kept, draft: await mapPhotos<unknown, File | undefined>(kept.draft, (value) => (isStoredPhoto(value) ? photoOf(value) : undefined)) };
}

export async function dropDraft(owner: string): Promise<void> {
  await del(owner, draftsStore());
}

/** Whose draft: the member's id and login (ids are per table, logins unique, so the pair is one member). */
export const draftOwner = (user: { id: number | string; login: string }) => `${user.id}:${user.login}`;
