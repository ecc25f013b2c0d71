/**
 * What reading an import file gives (a heading and numbered rows of cells) and why a file is refused.
 * Shared by the CSV and XLSX readers, so both skip blank rows, fit rows to the heading and count rows alike.
 */

export type Cell = string | number | boolean | Date | null;

export interface ReadTable {
  /** The heading row's cells as trimmed text, in order (blank headings become "" — keep their position). */
  headings: string[];
  /** Data rows after the heading, blank rows skipped; `row` is the 1-based row number in the file (the heading row is 1). */
  rows: Array<{ row: number; cells: Cell[] }>;
}

/** A file that is not read: the route answers `status` with `reason` (a translation key) under `errors.file`. */
export class FileRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    readonly reason: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(reason);
    this.name = 'FileRefused';
  }
}

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

/** Text for a heading cell: a number or a date in a heading row is still the column's name. */
function headingText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, cell.getUTCHours() || cell.getUTCMinutes() || cell.getUTCSeconds() ? 19 : 10);
  return String(cell).trim();
}

/**
 * Takes the file's rows one by one (cells already trimmed, empty as null): the first non-blank row is the
 * heading, the rest become data rows fitted to the heading's width. Refuses as soon as there are too many
 * rows, so a reader never holds more than the limit.
 */
export class TableCollector {
  private headings: string[] | undefined;
  private readonly rows: ReadTable['rows'] = [];

  add(row: number, cells: Cell[]): void {
    if (this.headings === undefined) {
      if (cells.every((cell) => cell === null)) return;
      const headings = cells.map(headingText);
      // Trailing blank headings are columns nobody named (often only formatted in a spreadsheet): not columns of the table.
      while (headings.length > 0 && headings[headings.length - 1] === '') headings.pop();
      this.headings = headings;
      return;
    }
    const width = this.headings.length;
    // Cells beyond the heading are dropped (a row may be longer than its heading); short rows are padded.
    const fitted = cells.length >= width ? cells.slice(0, width) : [...cells, ...new Array<Cell>(width - cells.length).fill(null)];
    if (fitted.every((cell) => cell === null)) return;
    if (this.rows.length >= MAX_IMPORT_ROWS) throw new FileRefused(422, 'import.file.tooManyRows', { max: MAX_IMPORT_ROWS });
    this.rows.push({ row, cells: fitted });
  }

  finish(): ReadTable {
    if (this.headings === undefined) throw new FileRefused(422, 'import.file.noHeading');
    return { headings: this.headings, rows: this.rows };
  }
}
