/**
 * XLSX workbook → table: the first worksheet, with each cell as the value a spreadsheet shows (a formula's
 * last result, a link's text), row numbers as the sheet numbers them.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Cell, FileRefused, type ReadTable, TableCollector } from './read-table';
import { checkZip } from './zip-limits';

/** Without these two parts a zip is not a workbook (a .docx, an .ods or any other archive). */
const WORKBOOK_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];

function text(value: string): Cell {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** exceljs's cell value (CellValue) → Cell. Never a formula's text: a cell is imported as the value it shows. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  // exceljs gives date cells as Dates at UTC midnight of the day the sheet shows.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'object') return null;
  if ('error' in value) return null; // #N/A, #REF! …
  if ('richText' in value && Array.isArray(value.richText))
    return text(value.richText.map((run: { text?: unknown }) => (typeof run.text === 'string' ? run.text : '')).join(''));
  if ('formula' in value || 'sharedFormula' in value) return 'result' in value ? cellOf(value.result) : null;
  if ('hyperlink' in value && 'text' in value) return cellOf(value.text); // the text may itself be rich text
  return null;
}

/**
 * Reads the workbook as a stream (exceljs's WorkbookReader): the sheet's XML is parsed a chunk at a time, so other
 * requests are served between chunks, and the reading stops at the row limit (TableCollector) instead of building
 * a whole workbook in memory first. The first worksheet of the archive is read; the others are skipped unread.
 */
export async function readXlsx(bytes: Buffer): Promise<ReadTable> {
  await checkZip(bytes, WORKBOOK_PARTS);
  const table = new TableCollector();
  // Styles tell date cells from numbers; shared strings hold most text; links are read as the text they show.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let sheetRead = false;
  try {
    for await (const sheet of reader) {
      if (sheetRead) continue;
      sheetRead = true;
      for await (const row of sheet) {
        // row.values is 1-based (index 0 is always empty), and sparse where cells are missing.
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        for (let column = 1; column < values.length; column += 1) cells.push(cellOf(values[column]));
        table.add(row.number, cells);
      }
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused(422, 'import.file.unreadableXlsx');
  }
  return table.finish();
}
