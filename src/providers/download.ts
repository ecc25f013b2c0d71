/**
 * A file download read as it arrives (the API client's `download`, api-client.ts): the bytes are counted
 * chunk by chunk so the page can show how far an export has come, and for a CSV the lines too (one row a
 * line after the heading; a quoted value with a line break counts twice, close enough for a progress bar).
 * The server says how many rows follow in `X-Export-Rows` before the first byte (docs/import-export.md).
 */
import { ApiError } from './api-error';

export interface DownloadProgress {
  /** Bytes received so far. */
  bytes: number;
  /** Rows received so far (CSV only: counted by line breaks). */
  rows?: number;
  /** Rows the answer holds, from `X-Export-Rows`. */
  totalRows?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  headers?: Record<string, string>;
}

export interface Download {
  blob: Blob;
  /** From Content-Disposition (`filename*` first, in UTF-8), if the server named the file. */
  fileName: string | undefined;
  /** `X-Export-Rows`, else the rows counted (CSV), else unknown. */
  rows: number | undefined;
}

const LINE_FEED = 0x0a;

/** Percent-escaped ISO-8859-1 (the other charset RFC 5987 names): each escape is one character. */
function decodeLatin1(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 5987, percent-encoded UTF-8)
 * when present and readable, else `filename="…"` or a bare `filename=…`.
 */
export function fileNameOf(disposition: string | undefined | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(disposition)?.[1]?.trim();
  if (extended) {
    const match = /^([\w-]+)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''));
    if (match) {
      try {
        const value = match[1].toLowerCase() === 'utf-8' ? decodeURIComponent(match[2]) : decodeLatin1(match[2]);
        if (value) return value;
      } catch {
        // A malformed escape: fall back to the plain `filename`.
      }
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(disposition)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1') || undefined;
  return /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
}

/** A whole number of a header, if it holds one. */
export function countOf(header: unknown): number | undefined {
  const value = typeof header === 'string' || typeof header === 'number' ? Number(header) : NaN;
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

function chunkOf(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new TextEncoder().encode(String(data));
}

/**
 * Reads an answer's body to a Blob of `type`, reporting the progress after each chunk. A failure while
 * reading (the connection lost, the download cancelled) is an ApiError of status 0, as for any request.
 */
export async function readBody(
  body: unknown,
  options: { type: string; totalRows?: number; countRows: boolean; onProgress?: (progress: DownloadProgress) => void },
): Promise<{ blob: Blob; rows: number | undefined }> {
  const { type, totalRows, countRows, onProgress } = options;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  // The heading is a line, not a row.
  const rowsSoFar = () => (countRows ? Math.max(0, lines - 1) : undefined);
  const take = (chunk: Uint8Array) => {
    chunks.push(chunk);
    bytes += chunk.byteLength;
    if (countRows) for (const byte of chunk) if (byte === LINE_FEED) lines += 1;
    onProgress?.({ bytes, rows: rowsSoFar(), totalRows });
  };
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    take(new Uint8Array(await body.arrayBuffer()));
  } else if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) {
    const reader = (body as ReadableStream<unknown>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        take(chunkOf(value));
      }
    } catch (error) {
      throw new ApiError({ status: 0, message: error instanceof Error && error.message ? error.message : 'Network error' });
    } finally {
      reader.releaseLock();
    }
  } else if (body !== undefined && body !== null) {
    take(chunkOf(body));
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), rows: rowsSoFar() };
}
