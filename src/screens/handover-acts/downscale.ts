/**
 * Photos are made smaller in the browser before they are sent (issue 13): a phone's 12-megapixel photo is
 * 4–8 MB, over the server's 5 MB limit and slow on a mobile connection; 1600 px on the longer side is
 * plenty to read a gauge or see a scratch. The size maths is a pure function; the drawing uses a canvas.
 */

/** The longer side of a sent photo, in pixels. */
export const MAX_PHOTO_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/** The size that fits `width` × `height` within `max` on both sides, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file name of the JPEG made from `name` (`IMG_1.HEIC` → `IMG_1.jpg`). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * The photo as a JPEG within MAX_PHOTO_SIDE. A file the browser cannot decode is sent as it is (the server
 * then says whether it is an image).
 */
export async function downscalePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg' }) : file;
}
