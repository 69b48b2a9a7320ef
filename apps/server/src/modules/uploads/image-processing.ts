import { createHash } from 'node:crypto';
import type { fileTypeFromBuffer as FileTypeFromBuffer } from 'file-type';
import type decodeHeicType from 'heic-decode';
import type SharpType from 'sharp';
import type { Sharp } from 'sharp';
import { peopleText, UPLOAD_MIME_TYPES } from '@cafe/shared';
import { refusal } from '../../lib/errors';

interface ImageLibraries {
  sharp: typeof SharpType;
  fileTypeFromBuffer: typeof FileTypeFromBuffer;
}

/**
 * The image libraries load with the first upload, not with the server: sharp (libvips) holds
 * memory that most processes, answering orders and menus, never need.
 */
let libraries: Promise<ImageLibraries> | undefined;
function imageLibraries(): Promise<ImageLibraries> {
  libraries ??= Promise.all([import('sharp'), import('file-type')]).then(([sharp, fileType]): ImageLibraries => ({
    sharp: sharp.default,
    fileTypeFromBuffer: fileType.fileTypeFromBuffer,
  }));
  return libraries;
}

/**
 * The HEIC decoder (libheif in WebAssembly: some 20 MB of memory, its code and its heap, kept for
 * the life of the process) loads with the first HEIC photo, not with the first JPEG or PNG.
 */
let heicDecoder: Promise<typeof decodeHeicType> | undefined;
function decodeHeic(input: Parameters<typeof decodeHeicType>[0]): ReturnType<typeof decodeHeicType> {
  heicDecoder ??= import('heic-decode').then((heic) => heic.default);
  return heicDecoder.then((decode) => decode(input));
}

type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];

/** The longest side of a stored image: plenty for a tumbler photo on a barista's tablet. */
const MAX_SIDE = 1280;
/** Larger pictures are refused before decoding: 12 MP phone photos pass, pixel bombs do not. */
const MAX_INPUT_PIXELS = 50_000_000;
const OUTPUT_MIME = 'image/webp';
const OUTPUT_EXT = 'webp';

interface ProcessedImage {
  data: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
  sha256: string;
}

const unsupported = () => refusal(415, 'UNSUPPORTED_MEDIA', peopleText('people.upload.unsupportedType'));
const unreadable = () => refusal(415, 'UNSUPPORTED_MEDIA', peopleText('people.upload.unreadable'));

/** The type the bytes say they are (never the file name or the declared type); null if not accepted. */
async function detectImageType(bytes: Buffer): Promise<UploadMime | null> {
  const { fileTypeFromBuffer } = await imageLibraries();
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(mime ?? '') ? (mime as UploadMime) : null;
}

/**
 * A few phones' photos decode at once at most: a 12 MP HEIC takes ~0.5 s and ~250 MB while it
 * decodes, so the rest wait their turn instead of exhausting memory.
 */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays counted.
      if (next) next();
      else this.active -= 1;
    }
  }
}

const decodeSlots = new Semaphore(2);

/** sharp cannot decode HEVC: libheif (WebAssembly) gives RGBA pixels, sharp takes it from there. */
async function heicToSharp(bytes: Buffer): Promise<Sharp> {
  const { sharp } = await imageLibraries();
  let width = 0;
  let height = 0;
  try {
    // sharp reads HEIF headers without decoding: refuse pixel bombs before spending memory on them.
    const meta = await sharp(bytes).metadata();
    width = meta.width;
    height = meta.height;
  } catch {
    // Headers sharp cannot read: let the decoder judge the bytes.
  }
  if (width * height > MAX_INPUT_PIXELS) throw unreadable();
  let decoded: Awaited<ReturnType<typeof decodeHeicType>>;
  try {
    decoded = await decodeHeic({ buffer: bytes });
  } catch {
    throw unreadable();
  }
  const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  return sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
}

/**
 * Re-encodes an accepted upload to WebP: turned upright by its EXIF orientation, the longest side
 * bounded, and every piece of metadata (GPS position, camera, time) left behind, since sharp only
 * keeps metadata when asked to.
 */
async function processImage(bytes: Buffer, mime: UploadMime): Promise<ProcessedImage> {
  const { sharp } = await imageLibraries();
  return decodeSlots.run(async () => {
    const pipeline =
      mime === 'image/heic' || mime === 'image/heif'
        ? await heicToSharp(bytes)
        : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    try {
      const { data, info } = await pipeline
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return {
        data,
        mime: OUTPUT_MIME,
        ext: OUTPUT_EXT,
        width: info.width,
        height: info.height,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
    } catch {
      // Bytes that start like an image but do not decode (truncated, corrupt): the client's fault.
      throw unreadable();
    }
  });
}

export async function toStoredImage(bytes: Buffer): Promise<ProcessedImage> {
  const mime = await detectImageType(bytes);
  if (!mime) throw unsupported();
  return processImage(bytes, mime);
}
