/**
 * A handover act while it is being made on the step form (issue 13): the values, the chosen photos (kept
 * in the browser until the act is saved), which step checks what, the act's body for the server, and the
 * photo uploads that follow the save. Pure, so the rules are tested without a browser.
 */
import { propertyOf } from '../../crud/schemas';

/** The schemas' limit, the vehicle's as the act's (schemas/handover-act.json, transport.json). */
const MILEAGE_MAXIMUM = Number(propertyOf('handover-acts', 'mileage')?.maximum ?? 100_000_000);
/** The schema's limit of the fuel left (litres): the step took up to 100,000 and the save then failed at 5,000. */
const FUEL_MAXIMUM = Number(propertyOf('handover-acts', 'fuel_remaining')?.maximum ?? 5000);

/** The length limit of a list row's text field in the act's schema (an equipment item's name: 100). */
function itemTextLimit(list: 'equipment' | 'damages' | 'documents' | 'tires', field: string): number {
  const items = propertyOf('handover-acts', list)?.items as { properties?: Record<string, { maxLength?: number }> } | undefined;
  return items?.properties?.[field]?.maxLength ?? Number.POSITIVE_INFINITY;
}

/**
 * A reading this far above the vehicle's last known mileage is said to be checked, though it may be right (a
 * vehicle back after months away): an extra digit typed in the yard became the vehicle's mileage, and every later
 * act would have had to reach it.
 */
export const MILEAGE_JUMP_WARNING_KM = 50_000;

/** How far the act's reading lies above the vehicle's last known mileage, when that is suspiciously far. */
export function mileageJump(draft: Pick<ActDraft, 'mileage'>, facts: ActFacts): number | undefined {
  if (!isNumber(draft.mileage) || !isNumber(facts.vehicleMileage)) return undefined;
  const jump = draft.mileage - facts.vehicleMileage;
  return jump > MILEAGE_JUMP_WARNING_KM ? jump : undefined;
}

export interface PresenceItem {
  name: string;
  present: boolean;
  /** What it is in no language (`card:12`, `column:3`): acts written in two languages are compared by it. */
  key?: string;
}

export interface DamageDraft {
  /** Identifies the row in the form (React key); not sent. */
  key: string;
  title: string;
  description: string;
  photos: File[];
}

export interface TireDraft {
  position: string;
  /** The position in no language (`frontLeft`), as PresenceItem's key. */
  key?: string;
  pressure?: number;
  tread_depth?: number;
}

export interface ActDraft {
  transport_id?: number;
  date: string;
  transferred_by_id?: number;
  received_by_id?: number;
  fuel_remaining?: number;
  fuel_photo?: File;
  mileage?: number;
  mileage_photo?: File;
  driver_selfie?: File;
  equipment: PresenceItem[];
  damages: DamageDraft[];
  documents: PresenceItem[];
  tires: TireDraft[];
}

export const STEPS = ['vehicle', 'people', 'fuel', 'mileage', 'selfie', 'equipment', 'damages', 'documents', 'tires'] as const;
export type Step = (typeof STEPS)[number];

/** A field's message: a translation key and its values. Fields of list rows are named `damages.0.title`. */
export type StepErrors = Record<string, { key: string; params?: Record<string, number>; text?: string }>;

/** A server's 422 field messages (already in the user's language) as step errors. */
export function serverStepErrors(fieldErrors: Record<string, string[]> | undefined): StepErrors {
  const errors: StepErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages.length > 0) errors[field] = { key: '', text: messages[0] };
  }
  return errors;
}

const blank = (text: string | undefined) => !text || text.trim() === '';
const trimmed = (text: string) => text.trim().replace(/\s+/g, ' ');
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The local date of today, `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A row's text as the server will store it (`actBody`): required, and within its limit. */
function text(errors: StepErrors, field: string, stored: string, max: number, required = true) {
  if (stored === '') {
    if (required) errors[field] = { key: 'validation.required' };
  } else if (stored.length > max) errors[field] = { key: 'validation.maxLength', params: { limit: max } };
}

function between(errors: StepErrors, field: string, value: number | undefined, max: number, required = false) {
  if (!isNumber(value)) {
    if (required) errors[field] = { key: 'validation.required' };
  } else if (value < 0) errors[field] = { key: 'validation.minimum', params: { limit: 0 } };
  else if (value > max) errors[field] = { key: 'validation.maximum', params: { limit: max } };
}

/** What the form knows beside the draft: the chosen vehicle's last known mileage, what its tank holds (litres), whether it is there. */
export interface ActFacts {
  vehicleMileage?: number;
  vehicleTankLitres?: number;
  /** The chosen vehicle is not there (a link to a vehicle deleted since). */
  vehicleGone?: boolean;
}

/**
 * What keeps a step from being left: the same rules as the schema, plus the ones of an act. An act of today
 * is the vehicle's latest, so its mileage is not below the vehicle's (server/rules/handover-acts.ts): said at
 * its step rather than after the last one; a back-dated act is measured by the server against the acts around it.
 */
export function stepErrors(step: Step, draft: ActDraft, now = new Date(), facts: ActFacts = {}): StepErrors {
  const errors: StepErrors = {};
  switch (step) {
    case 'vehicle':
      if (draft.transport_id === undefined) errors.transport_id = { key: 'validation.required' };
      else if (facts.vehicleGone) errors.transport_id = { key: 'validation.refMissing' };
      if (blank(draft.date)) errors.date = { key: 'validation.required' };
      else if (draft.date > today(now)) errors.date = { key: 'validation.notAfterToday' };
      break;
    case 'people':
      if (draft.transferred_by_id === undefined) errors.transferred_by_id = { key: 'validation.required' };
      if (draft.received_by_id === undefined) errors.received_by_id = { key: 'validation.required' };
      else if (draft.received_by_id === draft.transferred_by_id) errors.received_by_id = { key: 'handover-acts.steps.samePerson' };
      break;
    case 'fuel':
      between(errors, 'fuel_remaining', draft.fuel_remaining, FUEL_MAXIMUM, true);
      if (!errors.fuel_remaining && isNumber(facts.vehicleTankLitres) && (draft.fuel_remaining as number) > facts.vehicleTankLitres)
        errors.fuel_remaining = { key: 'handover-acts.fuelAboveTank', params: { tank: facts.vehicleTankLitres } };
      break;
    case 'mileage':
      // The schemas' limit, the vehicle's as the act's: a vehicle's mileage an act cannot reach would lock out its acts.
      between(errors, 'mileage', draft.mileage, MILEAGE_MAXIMUM, true);
      if (!errors.mileage && draft.date === today(now) && isNumber(facts.vehicleMileage) && (draft.mileage as number) < facts.vehicleMileage)
        errors.mileage = { key: 'handover-acts.mileageBelowLast', params: { last: facts.vehicleMileage } };
      break;
    // Each row's texts at its own step, limits included: a text too long was refused only by the save after the last
    // step, which went back to the first such step alone.
    case 'equipment':
      draft.equipment.forEach((item, index) => text(errors, `equipment.${index}.name`, trimmed(item.name), itemTextLimit('equipment', 'name')));
      break;
    case 'damages':
      draft.damages.forEach((damage, index) => {
        text(errors, `damages.${index}.title`, trimmed(damage.title), itemTextLimit('damages', 'title'));
        text(errors, `damages.${index}.description`, (damage.description ?? '').trim(), itemTextLimit('damages', 'description'), false);
      });
      break;
    case 'documents':
      draft.documents.forEach((item, index) => text(errors, `documents.${index}.name`, trimmed(item.name), itemTextLimit('documents', 'name')));
      break;
    case 'tires':
      draft.tires.forEach((tire, index) => {
        text(errors, `tires.${index}.position`, trimmed(tire.position), itemTextLimit('tires', 'position'));
        between(errors, `tires.${index}.pressure`, tire.pressure, 20);
        between(errors, `tires.${index}.tread_depth`, tire.tread_depth, 30);
      });
      break;
    default:
      break;
  }
  return errors;
}

/**
 * What a step says after the member changed `changed` fields, once it has said what is wrong: the step checked again
 * (a vehicle chosen after "required" was shown kept the message until the next "Next"), and the server's messages
 * kept on the fields not changed since.
 */
export function errorsAfterChange(shown: StepErrors, rechecked: StepErrors, changed: readonly string[]): StepErrors {
  const kept = Object.entries(shown).filter(([field, error]) => error.key === '' && !changed.includes(field.split('.')[0]));
  return { ...Object.fromEntries(kept), ...rechecked };
}

/** The first step with an error, or null when the whole act can be saved. */
export function firstInvalidStep(draft: ActDraft, now = new Date(), facts: ActFacts = {}): Step | null {
  return STEPS.find((step) => Object.keys(stepErrors(step, draft, now, facts)).length > 0) ?? null;
}

/** The step a server's field error belongs to (`mileage` → mileage, `damages.1.title` → damages). */
export function stepOfField(field: string): Step {
  const head = field.split('.')[0];
  const byField: Record<string, Step> = {
    transport_id: 'vehicle',
    date: 'vehicle',
    transferred_by_id: 'people',
    received_by_id: 'people',
    fuel_remaining: 'fuel',
    mileage: 'mileage',
    equipment: 'equipment',
    damages: 'damages',
    documents: 'documents',
    tires: 'tires',
  };
  return byField[head] ?? 'vehicle';
}

/** The act as the server stores it (photos go separately, after it is saved). */
export function actBody(draft: ActDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { date: draft.date };
  for (const field of ['transferred_by_id', 'received_by_id', 'fuel_remaining', 'mileage'] as const) {
    if (draft[field] !== undefined) body[field] = draft[field];
  }
  body.equipment = draft.equipment.map((item) => ({ name: trimmed(item.name), present: item.present }));
  body.damages = draft.damages.map((damage) => ({
    title: trimmed(damage.title),
    ...(blank(damage.description) ? {} : { description: damage.description.trim() }),
  }));
  body.documents = draft.documents.map((item) => ({ name: trimmed(item.name), present: item.present, ...(item.key ? { key: item.key } : {}) }));
  body.tires = draft.tires.map((tire) => ({
    position: trimmed(tire.position),
    ...(tire.key ? { key: tire.key } : {}),
    ...(isNumber(tire.pressure) ? { pressure: tire.pressure } : {}),
    ...(isNumber(tire.tread_depth) ? { tread_depth: tire.tread_depth } : {}),
  }));
  return body;
}

/** One upload after the save: the path under the act and the form's files. */
export interface PhotoUpload {
  /** Identifies it in the progress list. */
  key: string;
  /** What the list calls it: a translation key, or a damage's title. */
  labelKey?: string;
  label?: string;
  path: string;
  parts: Array<{ field: string; file: File }>;
}

/** The uploads an act's photos need, in the order of the form: one per photo kind, one per damage with photos. */
export function photoUploads(draft: ActDraft): PhotoUpload[] {
  const uploads: PhotoUpload[] = [];
  for (const field of ['fuel_photo', 'mileage_photo', 'driver_selfie'] as const) {
    const file = draft[field];
    if (file) uploads.push({ key: field, labelKey: `handover-acts.photos.${field}`, path: 'photos', parts: [{ field, file }] });
  }
  draft.damages.forEach((damage, index) => {
    if (damage.photos.length > 0) {
      uploads.push({
        key: `damage-${damage.key}`,
        label: trimmed(damage.title),
        path: `damages/${index}/photos`,
        parts: damage.photos.map((file) => ({ field: 'photos', file })),
      });
    }
  });
  return uploads;
}
