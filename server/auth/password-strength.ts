/**
 * Is a new password strong enough (ASVS 4.0 V2.1.7–2.1.8, 5.0 V6.2.4, V6.2.11)? Checked at registration,
 * password change and reset, on the server only: the estimator's dictionaries are ~3 MB gzip, far past the
 * sign-in page's script budget, so the forms show the server's 422 reason under the field instead of a meter.
 *
 * The estimator is zxcvbn-ts (password-strength-worker.mjs), run in one worker thread per process, started
 * on the first check and kept. The bar is score 3 of 0–4 ("safely unguessable", ~10^8 guesses), the usual
 * bar for ASVS level 2: with argon2id hashes and the per-account sign-in delay (sign-in-throttle.ts) that is
 * years of online guessing. The minimum length of the request schemas (8) stays as a rule of its own.
 *
 * zxcvbn's own feedback is English sentences; we keep three reasons of our own, in the user's language:
 * `validation.password.personal` (built from the user's name, login or e-mail), `validation.password.common`
 * (a common password or close to one), `validation.password.weak` (otherwise too easy to guess).
 */
import { Worker } from 'node:worker_threads';
import type { ValidationMessage } from '../../validation/messages';

export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn warnings that mean "this is, or is close to, a password that everybody uses". */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'pwned']);

export interface StrengthEstimate {
  score: number;
  warning: string | null;
  personal: boolean;
}

interface WorkerAnswer extends Partial<StrengthEstimate> {
  id: number;
  error?: string;
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (estimate: StrengthEstimate) => void; reject: (error: Error) => void }>();

function failAll(error: Error) {
  for (const pending of waiting.values()) pending.reject(error);
  waiting.clear();
  worker = null;
}

function estimator(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./password-strength-worker.mjs', import.meta.url));
  started.on('message', (answer: WorkerAnswer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    // Held only while a check waits: an idle estimator never keeps the process (or a test run) alive.
    if (waiting.size === 0) started.unref();
    if (answer.error !== undefined) pending.reject(new Error(`password strength check failed: ${answer.error}`));
    else pending.resolve({ score: answer.score ?? 0, warning: answer.warning ?? null, personal: answer.personal === true });
  });
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`password strength worker exited with code ${code}`)));
  started.unref();
  worker = started;
  return started;
}

/** What a user is known by: the words their password must not be built from. */
export interface PersonalInfo {
  login?: string | null;
  email?: string | null;
  name?: string | null;
  lastName?: string | null;
  /** The company (at registration): a hint for the estimator, not stripped (see `passwordWeakness`). */
  company?: string | null;
}

function partsOf(value: string | null | undefined, minLength: number): string[] {
  const text = value?.trim().toLowerCase();
  if (!text) return [];
  return [text, ...text.split(/[\s@._+-]+/).filter((part) => part.length >= minLength)];
}

/** The estimator's user inputs: every value whole and its parts ("anna.berg" as "anna" and "berg"), lower-cased. */
export function personalWords(info: PersonalInfo): string[] {
  return [...new Set([info.login, info.email, info.name, info.lastName, info.company].flatMap((value) => partsOf(value, 3)))];
}

/**
 * The user's own identifiers (login, the e-mail's local part, name, last name, and their parts of 4+ characters),
 * longest first: what `passwordWeakness` takes out of a password to see what strength is left.
 */
export function identifierWords(info: PersonalInfo): string[] {
  const localPart = info.email?.split('@')[0];
  const words = [info.login, localPart, info.name, info.lastName].flatMap((value) => partsOf(value, 4)).filter((word) => word.length >= 4);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** The password with every identifier taken out (case-insensitively); the same text when it holds none. */
export function withoutIdentifiers(password: string, identifiers: string[]): string {
  let rest = password;
  for (const word of identifiers) rest = rest.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '');
  return rest;
}

export function estimatePasswordStrength(password: string, userInputs: string[]): Promise<StrengthEstimate> {
  const thread = estimator();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, password, userInputs });
  });
}

/** Why a password is refused, as a validation message; null when it is strong enough. */
export function weaknessReason(estimate: StrengthEstimate): ValidationMessage | null {
  if (estimate.score >= MIN_PASSWORD_SCORE) return null;
  if (estimate.personal) return { key: 'validation.password.personal' };
  if (estimate.warning && COMMON_WARNINGS.has(estimate.warning)) return { key: 'validation.password.common' };
  return { key: 'validation.password.weak' };
}

/**
 * The reason a new password is refused, or null. The estimator sees the user's details as words an attacker
 * would try first; and a password built around the user's own login, name or e-mail must be strong without
 * them ("anna-bergmann-1" for Anna Bergmann scores 3 as it is, but "--1" is what is left to guess).
 */
export async function passwordWeakness(password: string, info: PersonalInfo): Promise<ValidationMessage | null> {
  const userInputs = personalWords(info);
  const reason = weaknessReason(await estimatePasswordStrength(password, userInputs));
  if (reason) return reason;
  const rest = withoutIdentifiers(password, identifierWords(info));
  if (rest === password) return null;
  const restEstimate = await estimatePasswordStrength(rest, userInputs);
  return restEstimate.score >= MIN_PASSWORD_SCORE ? null : { key: 'validation.password.personal' };
}
