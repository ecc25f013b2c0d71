/** The file kind's limit (SPEC §9) and how a stored file value is named. */
export const maxFileBytes = 5_242_880;

export function isTooLarge(file: { size: number }): boolean {
  return file.size > maxFileBytes;
}

export function nameOf(value: unknown): string {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const name = record.name ?? record.file_name ?? record.id ?? '';
    return typeof name === 'string' || typeof name === 'number' ? String(name) : JSON.stringify(name);
  }
  return String(value);
}
