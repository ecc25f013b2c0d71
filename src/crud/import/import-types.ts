/** The import route's answer and parts (docs/import-export.md, "Import"). */

/** All rows in one transaction (nothing when one fails), or only the valid rows. */
export type ImportMode = 'all' | 'valid';

/** A row the same as a record already there (the resource's `importMatch`): created all the same, or skipped. */
export type ExistingRows = 'create' | 'skip';

/** A file's column headings → the field each fills, or null: the column is not read. */
export type ImportMapping = Record<string, string | null>;

export interface ImportError {
  /** The row in the file (the heading is row 1). */
  row: number;
  /** The heading the value came from, when there is one. */
  column?: string;
  /** The field; "" for the whole row. */
  field: string;
  message: string;
}

export interface ImportAnswer {
  dry_run: boolean;
  mode: ImportMode;
  rows: number;
  valid: number;
  created: number;
  columns: Array<{ column: string; field: string | null }>;
  fields: Array<{ field: string; label: string; required?: boolean }>;
  errors: ImportError[];
  more_errors: number;
  /** Where the resource has an `importMatch` field: the field, the rows already there (the first 1,000 listed), those skipped. */
  match_field?: string;
  existing?: number;
  existing_rows?: number[];
  skipped?: number;
}

/** The largest file the server takes (20 MB): a larger one is refused here, before it is sent in vain. */
export const maxImportBytes = 20 * 1024 * 1024;

export const acceptedImportFiles = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The mapping an answer used: each heading of the file and its field. */
export function mappingOf(answer: ImportAnswer): ImportMapping {
  return Object.fromEntries(answer.columns.map(({ column, field }) => [column, field]));
}
