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

/** Values as text, a file by what tells it apart (JSON.stringify writes every File as `{}`, so another file would keep the key). */
export function valuesSignature(values: unknown): string {
  return JSON.stringify(values ?? null, (_key, value: unknown) =>
    typeof Blob !== 'undefined' && value instanceof Blob
      ? { name: (value as File).name, size: value.size, type: value.type, lastModified: (value as File).lastModified }
      : value,
  );
}

/** The headers of a create of `values`: one key while they stay the same. Null when `enabled` is false. */
export function useIdempotencyHeaders(values: unknown, enabled = true): Record<string, string> | undefined {
  const body = valuesSignature(values);
  // A key per distinct body: the memo's dependency is the body itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const key = useMemo(() => newIdempotencyKey(), [body]);
  return enabled ? { [IDEMPOTENCY_HEADER]: key } : undefined;
}

/**
 * One key per file being uploaded on its own (an employee's attachment): a retry of the same file after a failed
 * send keeps its key, so a first send that did arrive is answered, not stored twice. The key is forgotten once the
 * upload succeeds: the same file chosen again later (after deleting its copy) is a new upload.
 */
export class UploadKeys {
  private readonly keys = new Map<string, string>();

  keyOf(file: File): string {
    const identity = valuesSignature(file);
    let key = this.keys.get(identity);
    if (!key) {
      key = newIdempotencyKey();
      this.keys.set(identity, key);
    }
    return key;
  }

  stored(file: File): void {
    this.keys.delete(valuesSignature(file));
  }
}
