/**
 * CSV text → table. Excel writes CSV with `,` or, in much of Europe, `;` (and "Unicode text" with tabs), with
 * or without a byte order mark, and quotes fields that hold the delimiter or a line break.
 */
import { parse } from 'csv-parse/sync';
import { type Cell, FileRefused, type ReadTable, TableCollector } from './read-table';

const DELIMITERS = [',', ';', '\t'] as const;

/** Decodes strictly: a file saved as Windows-1252 would otherwise import "StraÃŸe" or U+FFFD without a word. */
function decodeUtf8(bytes: Buffer): string {
  try {
    // The decoder drops a leading byte order mark (ignoreBOM: false).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FileRefused(422, 'import.file.notUtf8');
  }
}

/** The most frequent of `,` `;` tab on the heading line (the first line with anything on it), outside quotes; `,` when none. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  let lineHasContent = false;
  for (const character of text) {
    if (character === '"') {
      quoted = !quoted; // a doubled quote inside a quoted field toggles twice: still quoted
      lineHasContent = true;
    } else if (quoted) {
      continue;
    } else if (character === '\n' || character === '\r') {
      if (lineHasContent) break;
    } else {
      const count = counts.get(character);
      if (count !== undefined) counts.set(character, count + 1);
      if (count !== undefined || character.trim() !== '') lineHasContent = true;
    }
  }
  let best: string = DELIMITERS[0];
  for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

function cellOf(field: string): Cell {
  const trimmed = field.trim();
  return trimmed === '' ? null : trimmed;
}

export function readCsv(bytes: Buffer): ReadTable {
  let text = decodeUtf8(bytes);
  let delimiter: string | undefined;
  // Excel's "sep=;" first line names the delimiter and is not a row of the sheet Excel shows.
  const separatorLine = /^sep=([^\r\n])\r?\n/i.exec(text);
  if (separatorLine) {
    delimiter = separatorLine[1];
    text = text.slice(separatorLine[0].length);
  }
  delimiter ??= detectDelimiter(text);
  const skippedLines = separatorLine ? 1 : 0;

  const table = new TableCollector();
  let lastRecordLine = 0;
  try {
    parse(text, {
      delimiter,
      // Rows shorter or longer than the heading are fitted to it by the collector.
      relax_column_count: true,
      // A stray quote inside an unquoted field (5" rim) is text, as Excel reads it; an unclosed quoted field is still an error.
      relax_quotes: true,
      // Blank lines are records too, so record numbers stay the row numbers a spreadsheet shows.
      skip_empty_lines: false,
      on_record: (record: string[], context) => {
        lastRecordLine = context.lines;
        table.add(context.records, record.map(cellOf));
        return null; // kept by the collector, not in a second array
      },
    });
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    const csvError = error as { code?: string; lines?: number };
    // An unclosed quote is reported where parsing ended (the last line); the quote opened right after the last whole record.
    const line = csvError.code === 'CSV_QUOTE_NOT_CLOSED' ? lastRecordLine + 1 : (csvError.lines ?? lastRecordLine + 1);
    throw new FileRefused(422, 'import.file.malformedCsv', { line: line + skippedLines });
  }
  return table.finish();
}
