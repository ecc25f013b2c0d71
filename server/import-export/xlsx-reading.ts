/**
 * XLSX workbook → table: the first worksheet, with each cell as the value a spreadsheet shows (a formula's
 * last result, a link's text), row numbers as the sheet numbers them.
 */
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

export async function readXlsx(bytes: Buffer): Promise<ReadTable> {
  await checkZip(bytes, WORKBOOK_PARTS);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its parameter as its own `Buffer extends ArrayBuffer`; at run time it takes Node's Buffer (JSZip does).
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw new FileRefused(422, 'import.file.unreadableXlsx');
  }
  const table = new TableCollector();
  const sheet = workbook.worksheets[0];
  if (sheet) {
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      // row.values is 1-based (index 0 is always empty), and sparse where cells are missing.
      const values = row.values as unknown[];
      const cells: Cell[] = [];
      for (let column = 1; column < values.length; column += 1) cells.push(cellOf(values[column]));
      table.add(rowNumber, cells);
    });
  }
  return table.finish();
}
