/** Small real images and multipart bodies for upload tests. */
import { randomBytes } from 'node:crypto';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A 1×1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A 1×1 WebP (lossless). */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
/** The start of a JPEG (SOI + JFIF APP0): enough for detection by content. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  randomBytes(64),
  Buffer.from([0xff, 0xd9]),
]);

/** A PNG signature and header padded to `size` bytes: a "PNG" of exactly that size. */
export function pngOfSize(size: number): Buffer {
  const file = Buffer.alloc(size);
  PNG.copy(file, 0, 0, Math.min(PNG.length, size));
  return file;
}

export function multipart(parts: Array<{ field: string; fileName?: string; contentType?: string; content: Buffer | string }>) {
  const boundary = `----fleetdesk-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.fileName}"`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.fileName !== undefined) headers.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
