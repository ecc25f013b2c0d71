/**
 * The `Idempotency-Key` of a create (server/engine/idempotency.ts): the same values saved again (Save pressed a
 * second time after the line dropped and the answer was lost) carry the same key, and the server answers the record
 * the first send made instead of making another. Values changed since make a new key: they are another request.
 */
import { useMemo } from 'react';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 128 random bits as hex. `crypto.randomUUID` exists only on HTTPS and localhost; an office server may be neither. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The headers of a create of `values`: one key while they stay the same. Null when `enabled` is false. */
export function useIdempotencyHeaders(values: unknown, enabled = true): Record<string, string> | undefined {
  const body = JSON.stringify(values ?? null);
  // A key per distinct body: the memo's dependency is the body itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const key = useMemo(() => newIdempotencyKey(), [body]);
  return enabled ? { [IDEMPOTENCY_HEADER]: key } : undefined;
}
