/**
 * `Idempotency-Key` on a create (IETF draft-ietf-httpapi-idempotency-key-header): a create sent again with the
 * same key, after its answer was lost on a phone line in a yard, answers the record the first one made instead of
 * making a second. The key is claimed in the create's own transaction: a refused create (422) leaves it free for
 * the corrected one, and two sends at once meet on its primary key, the second waiting for the first's commit.
 * Keys are the member's own (tenant, member, key) and are forgotten after a day.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/pool';
import { HttpError, notFound } from '../http-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered; a send retried later makes a new record. */
const KEPT_HOURS = 24;
/** Visible ASCII, as the draft's examples and a UUID: nothing a log or a proxy would mangle. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's key, or null when none was sent; 400 when it is not one. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new HttpError(400, 'errors.idempotencyKeyInvalid');
  return value;
}

/**
 * The body of a multipart create as a key stands for it: its text fields, and each file by its field, name and
 * content hash (the same photo sent again is the same body; another photo under the same name is not).
 */
export function multipartBodyOf(fields: Record<string, string>, files: ReadonlyArray<{ field: string; fileName: string; content: Buffer }>): unknown {
  return {
    fields,
    files: files.map((file) => ({ field: file.field, name: file.fileName, sha256: createHash('sha256').update(file.content).digest('base64url') })),
  };
}

/** What a key stands for: the endpoint and the body sent, so the same key on other input is refused, not replayed. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');
}

export interface KeyedCreate {
  tenantId: number;
  userId: number;
  key: string;
  fingerprint: string;
}

/**
 * Claims the key on the create's transaction. Answers null when it is new (the create goes on, then
 * `rememberCreated`), or the id of the record an earlier send with this key made. The same key on another
 * request is a 422.
 */
export async function claimKey(client: Queryable, keyed: KeyedCreate): Promise<number | null> {
  // The member's keys past their day go first, with the index the claim uses anyway.
  await client.query(`DELETE FROM idempotency_keys WHERE tenant_id = $1 AND user_id = $2 AND created_at < now() - make_interval(hours => $3)`, [
    keyed.tenantId,
    keyed.userId,
    KEPT_HOURS,
  ]);
  const claimed = await client.query(
    `INSERT INTO idempotency_keys (tenant_id, user_id, key, fingerprint) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
    [keyed.tenantId, keyed.userId, keyed.key, keyed.fingerprint],
  );
  if (claimed.rows.length > 0) return null;
  const earlier = await client.query<{ fingerprint: string; record_id: string | null }>(
    `SELECT fingerprint, record_id FROM idempotency_keys WHERE tenant_id = $1 AND user_id = $2 AND key = $3`,
    [keyed.tenantId, keyed.userId, keyed.key],
  );
  const [row] = earlier.rows;
  if (!row || row.fingerprint !== keyed.fingerprint || row.record_id === null) throw new HttpError(422, 'errors.idempotencyKeyReused');
  return Number(row.record_id);
}

/** The record the claimed key's create made, for the sends that come after it. */
export async function rememberCreated(client: Queryable, keyed: KeyedCreate, recordId: number): Promise<void> {
  await client.query(`UPDATE idempotency_keys SET record_id = $4 WHERE tenant_id = $1 AND user_id = $2 AND key = $3`, [
    keyed.tenantId,
    keyed.userId,
    keyed.key,
    recordId,
  ]);
}

/** The keyed create a request asks for (null without the header): the member's key and what it stands for. */
export function keyedCreateOf(
  request: { headers: Record<string, string | string[] | undefined>; method: string; url: string; user: { tenant_id: unknown; id: unknown } },
  body: unknown,
): KeyedCreate | null {
  const key = idempotencyKeyOf(request.headers);
  if (!key) return null;
  return { tenantId: Number(request.user.tenant_id), userId: Number(request.user.id), key, fingerprint: requestFingerprint(request.method, request.url, body) };
}

/**
 * A create made once per key, in the caller's transaction: the record an earlier send with the key made
 * (`find`; 404 when it has been deleted since), or a new one (`create`), remembered under the key.
 */
export async function createOnce<T>(
  client: Queryable,
  keyed: KeyedCreate | null,
  find: (id: number) => Promise<T | null>,
  create: () => Promise<{ made: T; id: number }>,
): Promise<{ made: T; replayed: boolean }> {
  const earlier = keyed ? await claimKey(client, keyed) : null;
  if (earlier !== null) {
    const made = await find(earlier);
    if (made === null) throw notFound();
    return { made, replayed: true };
  }
  const created = await create();
  if (keyed) await rememberCreated(client, keyed, created.id);
  return { made: created.made, replayed: false };
}

/** Says on the answer that it is a replay of an earlier send's (`Idempotent-Replayed: true`). */
export function markReplayed(reply: { header(name: string, value: string): unknown }, replayed: boolean): void {
  if (replayed) reply.header('idempotent-replayed', 'true');
}
