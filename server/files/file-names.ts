/**
 * The names files are stored and served under (issue 16, point 5). A name comes from the client and is
 * shown to the next user who downloads the file, so it must not lie about what the file is:
 * - control characters and NUL go (`photo.png\0.html` was stored as `photo.png.html`), and so do the
 *   invisible bidirectional marks, embeddings, overrides and isolates that make `invoice\u202Efdp.exe`
 *   show as `invoiceexe.pdf`;
 * - the extension is the one of the type found in the bytes (the only type a stored file has), whatever
 *   the name claimed.
 * Downloads say the name both ways RFC 6266 allows, and open in the browser only where that is safe.
 */

// C0 and C1 controls (NUL included), DEL, the line and paragraph separators, and every bidi control:
// LRM, RLM, ALM, the embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** The extensions a type is known by; the first is the one given to a name that has none of them. */
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

/** Types a browser may show in its own tab: they run nothing (SVG is not among them: it can hold scripts). */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp']);

const MAX_LENGTH = 255;
const FALLBACK_NAME = 'file';

/**
 * A browser writes a file name into a multipart body with `"`, CR and LF as `%22`, `%0D` and `%0A` (HTML's
 * multipart/form-data encoding, so that the name cannot end its quotes): `Bericht "final".png` arrives as
 * `Bericht %22final%22.png`. The quote comes back; CR and LF are controls, which go anyway.
 */
const fromMultipartEncoding = (name: string) => name.replace(/%22/gi, '"').replace(/%0[ad]/gi, '');

/** Without path, unsafe characters, and surrounding spaces and dots (`..`, a hidden-file dot). */
export function cleanFileName(name: string | undefined): string {
  const lastSegment =
    fromMultipartEncoding(name ?? '')
      .normalize('NFC')
      .replace(UNSAFE_CHARACTERS, '')
      .split(/[\\/]/)
      .pop() ?? '';
  return lastSegment.replace(/^[\s.]+|[\s.]+$/g, '');
}

/**
 * The name to store for an upload whose bytes are of type `mimeType`: cleaned, and ending in an extension
 * of that type (the claimed one replaced, or one added).
 */
export function storedFileName(name: string | undefined, mimeType: string): string {
  const cleaned = cleanFileName(name);
  const extensions = EXTENSIONS[mimeType];
  if (!extensions) return cut(cleaned || FALLBACK_NAME, '');
  const dot = cleaned.lastIndexOf('.');
  const claimed = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(claimed)) return cut(cleaned.slice(0, dot), cleaned.slice(dot));
  // `photo.png.html` of a PNG: drop the false extension, and the true one is already there.
  let base = dot > 0 && /^[a-z0-9]{1,10}$/.test(claimed) ? cleaned.slice(0, dot) : cleaned;
  const inner = base.lastIndexOf('.');
  if (inner > 0 && extensions.includes(base.slice(inner + 1).toLowerCase())) return cut(base.slice(0, inner), base.slice(inner));
  base = base.replace(/[\s.]+$/, '');
  return cut(base || FALLBACK_NAME, `.${extensions[0]}`);
}

/** At most MAX_LENGTH characters, never cutting off the extension. */
function cut(base: string, extension: string): string {
  return Array.from(base)
    .slice(0, MAX_LENGTH - extension.length)
    .join('')
    .concat(extension);
}

/** Whether a download of this type may open in the browser (`inline`) rather than be saved (`attachment`). */
export function opensInline(mimeType: string): boolean {
  return INLINE_TYPES.has(mimeType);
}

/**
 * RFC 6266: `inline` only for images and PDF, an ASCII fallback `filename` for old clients and the exact
 * name as `filename*` (RFC 8187 UTF-8). The name is cleaned again: files stored before the cleaning existed.
 */
export function contentDisposition(fileName: string, mimeType: string): string {
  const name = cleanFileName(fileName) || FALLBACK_NAME;
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `${opensInline(mimeType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${rfc8187(name)}`;
}

/** A name as RFC 8187 writes it in `filename*`: UTF-8, percent-encoded, `'()*` included. */
const rfc8187 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A file the server makes (an export, a handover act's PDF): `attachment`, an ASCII name for old clients
 * (`handover-act-2026-12-02-11.pdf`) and the name in the member's language as `filename*` ("Acta de entrega …").
 */
export function madeFileDisposition(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${rfc8187(name)}`;
}
