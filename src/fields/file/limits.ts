/** The file kind's limit (SPEC §9) and how a stored file value is named. */
export const maxFileBytes = 5_242_880;

export function isTooLarge(file: { size: number }): boolean {
  return file.size > maxFileBytes;
}

/**
 * The types a document file may have (an employee's attachment, a repair report's file, a vehicle document), as the
 * server checks them in the bytes (server/routes/hand-written/uploads.ts `DOCUMENT_TYPES`): a picker's `accept`.
 */
export const documentTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** A picked file the server would refuse by its type (a file the browser cannot type is left to the server). */
export function isNotDocument(file: { type: string }): boolean {
  return file.type !== '' && !documentTypes.includes(file.type);
}

/** The types a photo may have (an act's photos, an avatar), as the server checks them in the bytes. */
export const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** A picked file that is no photo the server takes: "All files" in the picker let a text file through as a photo. */
export function isNotImage(file: { type: string }): boolean {
  return !imageTypes.includes(file.type);
}

export function nameOf(value: unknown): string {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const name = record.name ?? record.file_name ?? record.id ?? '';
    return typeof name === 'string' || typeof name === 'number' ? String(name) : JSON.stringify(name);
  }
  return String(value);
}
