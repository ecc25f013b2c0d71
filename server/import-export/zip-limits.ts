/**
 * Checks a zip before anything unpacks it for real: exceljs (through JSZip) would inflate every part into
 * memory, so a 20 MB upload of a few gigabytes of zeros would take the server down. yauzl reads the central
 * directory, and each part is inflated once here only to count its bytes, which are thrown away as they come.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileRefused } from './read-table';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Uncompressed : compressed above which a part is a bomb … */
  maxRatio: number;
  /** … when it unpacks to more than this (tiny parts compress at odd ratios harmlessly). */
  ratioCheckedAbove: number;
}

const MEGABYTE = 1024 * 1024;

export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 100 * MEGABYTE,
  maxTotalBytes: 200 * MEGABYTE,
  maxRatio: 200,
  ratioCheckedAbove: MEGABYTE,
};

const tooLargeUnpacked = () => new FileRefused(422, 'import.file.tooLargeUnpacked');
/** A zip that yauzl cannot read is not a workbook a spreadsheet program wrote. */
const notAZipWorkbook = () => new FileRefused(415, 'import.file.notCsvOrXlsx');

async function listEntries(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  if (zip.entryCount > limits.maxEntries) throw tooLargeUnpacked();
  const entries: Entry[] = [];
  let declaredTotal = 0;
  for await (const entry of zip.eachEntry()) {
    // The sizes come from the central directory and may lie; honest ones already tell most bombs apart, for free.
    const size = entry.uncompressedSize;
    declaredTotal += size;
    if (size > limits.maxEntryBytes || declaredTotal > limits.maxTotalBytes) throw tooLargeUnpacked();
    if (size > limits.ratioCheckedAbove && size > limits.maxRatio * entry.compressedSize) throw tooLargeUnpacked();
    entries.push(entry);
  }
  return entries;
}

/** Inflates one part, counting; stops at the first byte beyond its declared size or a limit. Returns the part's size. */
async function countInflatedBytes(zip: ZipFile, entry: Entry, unpackedSoFar: number, limits: ZipLimits): Promise<number> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw notAZipWorkbook(); // encrypted, an unknown compression method, a broken local header
  }
  let count = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      count += chunk.length;
      if (count > entry.uncompressedSize || count > limits.maxEntryBytes || unpackedSoFar + count > limits.maxTotalBytes) throw tooLargeUnpacked();
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    // yauzl's own check (validateEntrySizes) may see the lie first.
    if (error instanceof Error && error.message.startsWith('too many bytes')) throw tooLargeUnpacked();
    throw new FileRefused(422, 'import.file.unreadableXlsx'); // a broken deflate stream, fewer bytes than declared
  } finally {
    stream.destroy(); // leaving the loop early (a refusal) must also stop the inflater
  }
  return count;
}

/**
 * Refuses a zip without the parts it must have (415), or with too many parts or that unpacks beyond the limits,
 * by the declared sizes and then by the bytes that really come out (422).
 */
export async function checkZip(bytes: Buffer, requiredParts: readonly string[], limits: ZipLimits = XLSX_ZIP_LIMITS): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw notAZipWorkbook();
  }
  try {
    let entries: Entry[];
    try {
      entries = await listEntries(zip, limits);
    } catch (error) {
      if (error instanceof FileRefused) throw error;
      throw notAZipWorkbook();
    }
    // Part names are case-insensitive in a spreadsheet package (OPC).
    const names = new Set(entries.map((entry) => entry.fileName.toLowerCase()));
    if (!requiredParts.every((part) => names.has(part.toLowerCase()))) throw notAZipWorkbook();
    let unpacked = 0;
    // Folders too: an entry named like a folder may still carry bytes, and an empty one costs nothing.
    for (const entry of entries) unpacked += await countInflatedBytes(zip, entry, unpacked, limits);
  } finally {
    zip.close();
  }
}
