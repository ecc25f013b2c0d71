/**
 * Hands a downloaded file to the browser to save: an object URL on a link with `download`, clicked. The URL
 * is let go a while later (revoking it at once can cancel the save in some browsers).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name when the server gave none: `<base>-<YYYY-MM-DD>.<ext>`, as the server names it (`trailers-2026-11-26.csv`). */
export function fallbackFileName(base: string, extension: string, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.${extension}`;
}
