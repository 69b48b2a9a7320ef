import { LIMITS, UPLOAD_MIME_TYPES } from '@cafe/shared';
import { i18n } from '@/i18n';

/** Longest side of a photo after the in-browser downscale. */
export const MAX_IMAGE_SIDE = 1280;

const EXTENSIONS = ['heic', 'heif', 'png', 'jpeg', 'jpg'] as const;
const RESIZABLE = ['image/jpeg', 'image/png'];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function isHeic(file: File): boolean {
  const ext = extensionOf(file.name);
  return ext === 'heic' || ext === 'heif' || file.type === 'image/heic' || file.type === 'image/heif';
}

/** A message for a file the upload would refuse (in the current language), or null when it may go. */
export function checkImageFile(file: File): string | null {
  if (file.size >= LIMITS.uploadMaxBytes) return i18n._('shared.spec.uploadTooLarge');
  const known =
    (EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) ||
    (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type);
  return known ? null : i18n._('shared.spec.uploadOther');
}

/** Target size keeping the aspect ratio, longest side at most `max`. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max || longest === 0) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image could not be read'));
    };
    img.src = url;
  });
}

/**
 * Phone photos are large: JPEG and PNG are redrawn as a JPEG of at most 1280 px on the longest
 * side before upload, so ordering stays quick on mobile data. HEIC/HEIF go as they are (browsers
 * other than Safari cannot draw them; the server decodes them). If anything fails the original
 * file is sent and the server decides.
 */
export async function prepareImage(file: File): Promise<Blob> {
  if (isHeic(file) || !RESIZABLE.includes(file.type)) return file;
  try {
    const img = await loadImage(file);
    const { width, height } = fitWithin(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: paint white under transparent PNG areas.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(img, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size === 0) return file;
    // Keep the original when redrawing would not make it smaller (tiny images).
    return blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** File name sent with the prepared image (a JPEG after the downscale). */
export function uploadNameFor(file: File, prepared: Blob): string {
  if (prepared === file) return file.name || 'tumbler';
  const base = file.name.replace(/\.[^.]+$/, '') || 'tumbler';
  return `${base}.jpg`;
}
