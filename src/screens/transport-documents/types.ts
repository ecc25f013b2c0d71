/** The wire shapes of the transport documents table (server/routes/hand-written/transport-documents.ts). */

export interface DocumentFile {
  file_id: number;
  file_name: string;
  /** `/api/files/12`: fetched with the bearer header (src/fields/file/use-file-url.ts). */
  url: string;
}

/** One vehicle's document in one column: its dates, its files and the version an update must send. */
export interface DocumentCell {
  doc_id: number;
  start_date: string | null;
  end_date: string | null;
  files: DocumentFile[];
  version: number;
  /**
   * The cell's state by the compliance engine (server/compliance/cell-states.ts): `missing` when it has no end
   * date (every column is required for every vehicle). Absent in answers that do not judge it (a save's).
   */
  state?: 'missing' | 'expired' | 'expiring' | 'good';
}

/** A column as `GET /transport/documents` gives it with each vehicle, holding that vehicle's cell. */
export interface VehicleColumn {
  id: number;
  name: string;
  show_document_start_date: boolean;
  warning_days: number;
  documents: DocumentCell[];
}

export interface VehicleDocuments {
  id: number;
  board_names: string | null;
  registration_number: string | null;
  groups: VehicleColumn[];
}

/** A column as the `transport-document-groups` list gives it (the header and the table settings). */
export interface DocumentColumn {
  id: number;
  name: string;
  show_document_start_date?: boolean;
  warning_days?: number;
  /** Every vehicle needs this document (absent: yes); off, a vehicle without it is not missing anything. */
  mandatory?: boolean;
  version: number;
}

/** What the cell dialog needs to know about the cell it edits. */
export interface CellTarget {
  transportId: string;
  columnId: number;
}
