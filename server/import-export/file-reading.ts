/**
 * Reads an uploaded import file (CSV or XLSX) into a heading and numbered rows of cells, or refuses it
 * with a status and a translation key (FileRefused). What the file is comes from its bytes, never its name.
 */
import { sniffContent } from './content-sniffing';
import { readCsv } from './csv-reading';
import { FileRefused, MAX_IMPORT_BYTES, type ReadTable } from './read-table';
import { readXlsx } from './xlsx-reading';

export { type Cell, FileRefused, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ReadTable } from './read-table';

/**
 * Reads a CSV or XLSX file (which one is decided from the CONTENT, not the name; the name/mime only break ties).
 * There is no tie today: a zip is read as a workbook, anything else as text. `fileName` and `mimeType` are taken
 * so that a future format with an ambiguous content (e.g. tab-separated text) can use them.
 */
export async function readImportFile(file: { bytes: Buffer; fileName: string; mimeType?: string }): Promise<ReadTable> {
  const { bytes } = file;
  if (bytes.length > MAX_IMPORT_BYTES) throw new FileRefused(413, 'import.file.tooLarge', { megabytes: MAX_IMPORT_BYTES / (1024 * 1024) });
  return sniffContent(bytes) === 'zip' ? readXlsx(bytes) : readCsv(bytes);
}
