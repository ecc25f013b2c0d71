/**
 * Decides from a file's first bytes whether it is a zip (an XLSX candidate) or text (a CSV candidate), and
 * refuses everything else, whatever the file is called: an executable renamed `.csv` never reaches a parser.
 */
import { FileRefused } from './read-table';

export type FileKind = 'zip' | 'text';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Formats that are certainly not CSV text. Most contain NUL bytes anyway; these catch the ones that may not near the start. */
const BINARY_MAGICS: Buffer[] = [
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF executable
  Buffer.from('%PDF'),
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), // OLE2: old .xls, .doc, a password-protected .xlsx
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF87a'),
  Buffer.from('GIF89a'),
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), // 7-Zip
  Buffer.from('Rar!\x1a\x07'),
  Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), // xz
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), // Mach-O 64-bit
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]), // Mach-O 32-bit
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]), // Mach-O universal, Java class
  Buffer.from([0x00, 0x61, 0x73, 0x6d]), // WebAssembly
];

/** Not a control character (bytes from 0x80 may be part of a UTF-8 letter). */
function mayBeText(byte: number | undefined): boolean {
  return byte === undefined || byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte !== 0x7f);
}

function startsWithBinaryHeader(bytes: Buffer): boolean {
  if (BINARY_MAGICS.some((magic) => bytes.subarray(0, magic.length).equals(magic))) return true;
  // bzip2's header is printable ("BZh9" and the block magic "1AY&SY"), so it is matched whole, not by its first letters.
  if (/^BZh[1-9]1AY&SY/.test(bytes.subarray(0, 10).toString('latin1'))) return true;
  // "MZ" (Windows/DOS executables) may also begin a text heading ("MZ region"): the DOS header's next bytes are counts, not text.
  return bytes[0] === 0x4d && bytes[1] === 0x5a && bytes.length > 2 && (!mayBeText(bytes[2]) || !mayBeText(bytes[3]));
}

/** Refuses a UTF-16 text (Excel's "Unicode text") with the UTF-8 advice rather than as a binary file, which its NUL bytes would make it look. */
function isUtf16(bytes: Buffer): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

export function sniffContent(bytes: Buffer): FileKind {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (isUtf16(bytes)) throw new FileRefused(422, 'import.file.notUtf8');
  // NUL never occurs in UTF-8 text a person would import; in binary files it is everywhere.
  if (startsWithBinaryHeader(bytes) || bytes.includes(0)) throw new FileRefused(415, 'import.file.notCsvOrXlsx');
  return 'text';
}
