import { peopleText, LIMITS, MESSAGES } from '@cafe/shared';
import type { AppBase } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { toStoredImage } from './image-processing';
import { imageNameFromUrl, imageUrl } from '../../lib/image-url';
import { IMAGES_REMOVED_TOPIC } from '../../lib/image-url';
import { findImageByName, findImageNameBySha, imageExists, insertImageIfNew } from './uploads.repository';

/** A photo past 5 MB (or its request past the route's 8 MB), in the specification's words. */
export const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.uploadTooLarge);

/**
 * The bytes of a JSON upload: a data URL (`data:<type>;base64,...`) or bare base64. The declared
 * type is ignored; the bytes decide. The size is checked before decoding.
 */
function bytesFromDataUrl(file: string): Buffer {
  let payload = file.trim();
  if (payload.startsWith('data:')) {
    const comma = payload.indexOf(',');
    const header = comma === -1 ? '' : payload.slice(0, comma);
    if (!/;base64$/i.test(header)) throw badRequest('file: must be a data URL of the form data:<type>;base64,...');
    payload = payload.slice(comma + 1);
  }
  if (!/^[A-Za-z0-9+/=_\-\s]*$/.test(payload)) throw badRequest('file: must be base64 encoded');
  const estimated = Math.floor((payload.replace(/\s|=/g, '').length * 3) / 4);
  if (estimated > LIMITS.uploadMaxBytes) throw tooLarge();
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0) throw badRequest('file: is empty');
  return bytes;
}

/** How many stored image names are remembered as existing (each order checks its tumbler photo). */
const KNOWN_IMAGES_MAX = 10_000;

export function createUploadsService(ctx: AppBase) {
  const knownImages = new Set<string>();
  // The daily clean-up deleted photos (modules/retention), in this process or another.
  ctx.bus.subscribe(IMAGES_REMOVED_TOPIC, () => knownImages.clear());
  return {
    /** Stores an upload as a re-encoded WebP; the same picture twice gives the same URL. */
    async upload(userId: number, file: string | Buffer): Promise<{ url: string }> {
      const bytes = typeof file === 'string' ? bytesFromDataUrl(file) : file;
      if (bytes.length > LIMITS.uploadMaxBytes) throw tooLarge();
      if (bytes.length === 0) throw badRequest('file: is empty');
      const image = await toStoredImage(bytes);
      const existing = await findImageNameBySha(ctx.db, image.sha256);
      if (existing) return { url: imageUrl(existing.name) };
      await insertImageIfNew(ctx.db, {
        name: `${image.sha256}.${image.ext}`,
        sha256: image.sha256,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        data: image.data,
        uploaded_by: userId,
        created_at: iso(ctx.clock.now()),
      });
      // A concurrent upload of the same picture may have won the insert: read back whichever is stored.
      const stored = await findImageNameBySha(ctx.db, image.sha256);
      if (!stored) throw new Error('image vanished after insert');
      return { url: imageUrl(stored.name) };
    },

    /**
     * The URL of a stored image when `url` is one this server issued (relative or absolute, which
     * a client may have made of it), in its relative form; null for any other text.
     */
    async issuedImageUrl(url: string): Promise<string | null> {
      const name = imageNameFromUrl(url);
      if (!name) return null;
      if (knownImages.has(name)) return imageUrl(name);
      if (!(await imageExists(ctx.db, name))) return null;
      // A name is its content's hash: once seen, it is there until the clean-up deletes it, which
      // every process hears of (IMAGES_REMOVED_TOPIC).
      if (knownImages.size >= KNOWN_IMAGES_MAX) knownImages.delete(knownImages.values().next().value as string);
      knownImages.add(name);
      return imageUrl(name);
    },

    async image(name: string) {
      const row = await findImageByName(ctx.db, name);
      if (!row) throw notFound('Image', peopleText('people.notFound.image'));
      return { mime: row.mime, etag: `"${row.sha256}"`, data: Buffer.from(row.data) };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
