import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { TestApp, TestUser } from './test-app';

/** A real HEIC photo (64x64, made with `heif-enc in.png -o tumbler.heic`). */
export const HEIC_FIXTURE = readFileSync(new URL('./tumbler.heic', import.meta.url));

/** A small PNG; `seed` varies the colour so different seeds give different pictures. */
export function pngImage(seed = 0, width = 48, height = 32): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 120 } },
  })
    .png()
    .toBuffer();
}

export function dataUrl(bytes: Buffer, mime = 'image/png'): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** A multipart/form-data body with one file part, for `inject`. */
export function multipartBody(
  field: string,
  bytes: Buffer,
  filename: string,
  contentType: string,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cafe${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a picture through the real endpoint and returns its URL. */
export async function uploadImage(t: TestApp, user: TestUser, bytes?: Buffer): Promise<string> {
  const res = await t.request('POST', '/api/upload/image', user, { file: dataUrl(bytes ?? (await pngImage(user.id))) });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ url: string }>().url;
}
