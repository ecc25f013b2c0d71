/**
 * An export's file, written row by row into a stream as the rows come from the database: CSV by csv-stringify,
 * XLSX by exceljs's streaming workbook writer (no shared-strings table, so nothing grows with the rows). CSV
 * neutralises formula injection: a text cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading `'`, so a spreadsheet shows it as text instead of running it as a formula (OWASP's advice). In XLSX every
 * text is a string cell, never a formula, so it is written as it is (a phone number reads `+34 631…`, not
 * `'+34 631…`); such a cell gets the Text number format, so that a spreadsheet keeps it text when it is edited.
 *
 * A CSV file is written as a spreadsheet of the member's language reads it: Excel splits a CSV at the list separator
 * of the computer's regional settings, which is `;` wherever the decimal mark is a comma (German, Ukrainian, Greek,
 * Spanish, Italian), so there the cells are separated by `;` and numbers written `26,5`. The import reads either
 * (csv-reading.ts finds the separator, import-values.ts the decimal comma).
 */
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Cell } from './read-table';

export type ExportFormat = 'csv' | 'xlsx';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A text as a spreadsheet will not evaluate it. */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The text `neutralised` was given: an exported file imported again reads `+34 631…`, not `'+34 631…`. */
export function unneutralised(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export interface TableWriter {
  /** What the answer sends. */
  output: Readable;
  /** Writes one row; resolves when the output can take more (backpressure from a slow download). */
  row(cells: Cell[]): Promise<void>;
  /** Finishes the file. */
  end(): Promise<void>;
}

/** Resolves when the stream can take more, or is gone (a download cancelled half-way must not leave the export waiting). */
function drained(stream: NodeJS.WritableStream & { destroyed: boolean }): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'close', 'error']) stream.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error']) stream.on(event, done);
  });
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** How a CSV file separates its cells and writes a number's decimals in `language` (see above). */
export function csvConventions(language: string): { delimiter: ',' | ';'; decimal: '.' | ',' } {
  let decimal: string | undefined;
  try {
    decimal = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  } catch {
    decimal = '.'; // a language tag Intl does not take
  }
  return decimal === ',' ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

/** The decimals a field's numbers are kept to (`multipleOf: 0.01` → 2: money), written in full: `1234,50`, not `1234,5`. */
export function fixedDecimals(property: Record<string, unknown> | undefined): number | undefined {
  const step = property?.multipleOf;
  if (typeof step !== 'number' || step >= 1 || step <= 0) return undefined;
  const decimals = Math.round(-Math.log10(step));
  return Math.abs(10 ** -decimals - step) < 1e-12 ? decimals : undefined;
}

function csvWriter(headings: string[], language: string, decimals: ReadonlyArray<number | undefined>): TableWriter {
  const { delimiter, decimal } = csvConventions(language);
  // A byte order mark, so Excel opens the UTF-8 (accents, Cyrillic, Greek) as UTF-8.
  const stringifier = stringify({ bom: true, delimiter });
  const number = (value: number, fixed: number | undefined) => {
    const written = fixed === undefined ? String(value) : value.toFixed(fixed);
    return decimal === '.' ? written : written.replace('.', decimal);
  };
  const text = (cell: Cell, index: number) =>
    cell === null
      ? ''
      : cell instanceof Date
        ? isoDate(cell)
        : typeof cell === 'string'
          ? neutralised(cell)
          : typeof cell === 'number'
            ? number(cell, decimals[index])
            : String(cell);
  const write = async (cells: Cell[]) => {
    if (!stringifier.destroyed && !stringifier.write(cells.map(text))) await drained(stringifier);
  };
  void write(headings);
  return {
    output: stringifier,
    row: write,
    end: () => {
      stringifier.end();
      return Promise.resolve();
    },
  };
}

function xlsxWriter(headings: string[], sheetName: string, decimals: ReadonlyArray<number | undefined>): TableWriter {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export');
  sheet.columns = headings.map((heading) => ({ header: heading, width: Math.min(40, Math.max(10, heading.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    output,
    async row(cells) {
      const row = sheet.addRow(cells);
      cells.forEach((cell, index) => {
        if (cell instanceof Date) row.getCell(index + 1).numFmt = 'yyyy-mm-dd';
        else if (typeof cell === 'number' && decimals[index] !== undefined) row.getCell(index + 1).numFmt = `0.${'0'.repeat(decimals[index] ?? 0)}`;
        else if (typeof cell === 'string' && neutralised(cell) !== cell) row.getCell(index + 1).numFmt = '@';
      });
      row.commit();
      // The zip stream buffers what the download has not taken yet: wait for it rather than buffer a million rows.
      if (output.writableNeedDrain) await drained(output);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** `language`: the member's, for a CSV file's separator and decimal mark. */
/** `decimals`: per column, the decimals its numbers are written with in full (fixedDecimals); none: as they are. */
export function tableWriter(
  format: ExportFormat,
  headings: string[],
  sheetName: string,
  language: string,
  decimals: ReadonlyArray<number | undefined> = [],
): TableWriter {
  const writer = format === 'csv' ? csvWriter(headings, language, decimals) : xlsxWriter(headings, sheetName, decimals);
  // A download cancelled half-way destroys the output under a write: that is no fault of the server's (the
  // export stops at its next batch), and an 'error' nobody listens to would end the process.
  writer.output.on('error', () => {});
  return writer;
}
