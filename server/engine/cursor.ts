/**
 * Keyset (cursor) pagination of the generated lists: a page reached from the one before or after it
 * costs an index range scan of about `perPage` entries at any depth, where OFFSET walked every entry
 * before it (page 10,000 of a million orders: ~150 ms on PostgreSQL, ~750 ms embedded).
 *
 * Wire: every list answers `pagination.nextCursor` and `pagination.previousCursor` (null when there is no
 * such page); `cursor=<token>` asks for the page a token leads to, `currentPage` being that page's number.
 * A token is base64url of JSON `{ v: 1, d: "n" | "p", p: page, k: sort value | null, i: id, f: fingerprint }`:
 * the sort value and id of the last (`n`, next) or first (`p`, previous) row of the page it was made on,
 * the number of the page it leads to, and a fingerprint of the query (resource, order, conditions — search,
 * filters, ids —, path scope and perPage, since the page number depends on it). A token used with another
 * query, with a `page` that is not its own, or altered so it no longer reads as one, is a 422 on `cursor`.
 * It is not signed: it carries no authority. The tenant condition is EngineStore's and is always applied;
 * an edited sort value or id only moves where the page starts within the caller's own rows.
 * Same rows in the same order as OFFSET gives when nothing changed meanwhile (paging.ts `keysetConditions`).
 */
import { createHash } from 'node:crypto';
import { addMessage, type FieldMessages } from '../../validation/messages';
import { HttpError } from '../http-error';
import type { ListQuery } from './list-query';
import type { EngineResource } from './model';
import { pageOrderOf, type SortKind } from './paging';
import type { Scope } from './store';

/** Where a cursor leads. */
export interface CursorPosition {
  page: number;
  /** Backward: the rows before `key, id` (a previousCursor); forward: the rows after it. */
  backward: boolean;
  key: string | null;
  id: number;
}

const MAX_CURSOR_LENGTH = 4096;
const MAX_PAGE = 999_999_999;

function refused(): HttpError {
  const errors: FieldMessages = {};
  addMessage(errors, 'cursor', { key: 'validation.invalid' });
  return new HttpError(422, 'errors.invalidData', { fieldErrors: errors });
}

/** A short digest of what makes two requests the same list (see the header): 16 base64url characters. */
export function queryFingerprint(resource: EngineResource, query: ListQuery, scope: Scope): string {
  const parts = [
    resource.name,
    query.orderBy.render().text,
    query.conditions.map((condition) => condition.render()),
    scope.parentId ?? null,
    Object.entries(scope.fields ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    query.perPage,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeCursor(position: CursorPosition, fingerprint: string): string {
  const body = { v: 1, d: position.backward ? 'p' : 'n', p: position.page, k: position.key, i: position.id, f: fingerprint };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** Whether a sort value read from a token is one the comparison can take (else PostgreSQL would fail the cast). */
function validKey(kind: SortKind, key: unknown): boolean {
  if (key === null) return true; // a NULL sort value, or the id order (which carries none)
  if (typeof key !== 'string' || kind === 'id') return false;
  if (kind === 'numeric') return /^-?\d+(\.\d+)?$/.test(key);
  if (kind === 'boolean') return key === 'true' || key === 'false';
  if (kind === 'timestamp') return /^-?\d{1,16}$/.test(key);
  return !key.includes('\0');
}

function decode(token: string): Record<string, unknown> | null {
  if (token.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The position `query.cursor` leads to, or null without one. A 422 on `cursor` when it does not decode,
 * was made for another query, or disagrees with a `page` sent beside it.
 */
export function readCursor(resource: EngineResource, query: ListQuery, scope: Scope): CursorPosition | null {
  if (query.cursor === undefined) return null;
  const body = decode(query.cursor);
  if (!body || body.v !== 1 || (body.d !== 'n' && body.d !== 'p') || body.f !== queryFingerprint(resource, query, scope)) throw refused();
  const { p: page, i: id, k: key } = body;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw refused();
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw refused();
  const order = pageOrderOf(resource, query.sort);
  if (!validKey(order.kind, key)) throw refused();
  if (query.pageGiven && query.page !== page) throw refused();
  return { page, backward: body.d === 'p', key: key as string | null, id };
}

/** How far a search's total is counted: "more than 10,000" is as useful to a reader as the exact figure. */
export const SEARCH_TOTAL_CAP = 10_000;
