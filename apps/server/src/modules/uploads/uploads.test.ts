import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';
import { HEIC_FIXTURE, dataUrl, multipartBody, pngImage } from '../../test-support/image-fixtures';
import { insertImageIfNew } from './uploads.repository';

const FIVE_MB = 5 * 1024 * 1024;

/** A JPEG that carries a GPS position and EXIF orientation 6 (stored sideways, 80 wide, 40 high). */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '13/1 44/1 4788/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '100/1 32/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function hasGpsPointer(exif: Buffer): boolean {
  // Tag 0x8825 (GPSInfo IFD pointer), either byte order.
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

describe('uploads', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const postJson = (file: string, who: TestUser = user) => t.request('POST', '/api/upload/image', who, { file });

  const postFile = (bytes: Buffer, filename: string, contentType: string, who: TestUser = user) => {
    const { payload, headers } = multipartBody('file', bytes, filename, contentType);
    return t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { ...who.auth, ...headers }, payload });
  };

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      payload: { file: dataUrl(await pngImage(1)) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('stores a PNG data URL as WebP and serves it with long-lived cache headers', async () => {
    const res = await postJson(dataUrl(await pngImage(2)));
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/images\/[a-f0-9]{64}\.webp$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = image.headers.etag;
    expect(etag).toBeTruthy();
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 48, height: 32 });

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('gives the same URL for the same picture uploaded twice', async () => {
    const png = await pngImage(3);
    const first = await postJson(dataUrl(png));
    const second = await postFile(png, 'again.png', 'image/png');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await t.app.ctx.db
      .selectFrom('images')
      .select('id')
      .where('name', '=', first.json<{ url: string }>().url.split('/').pop() ?? '')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives the same URL to the same picture uploaded several times at the same moment (no 500)', async () => {
    // Two people with the same photo, or a phone retrying while its first upload still runs: on
    // PostgreSQL the inserts race each other.
    const png = await pngImage(5);
    // People of their own: each may upload only so many pictures a minute.
    const people = await Promise.all(Array.from({ length: 4 }, () => t.createUser()));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 ? postJson(dataUrl(png), people[i % 4]) : postFile(png, `same-${i}.png`, 'image/png', people[i % 4]),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 24 }, () => 201));
    const urls = new Set(answers.map((a) => a.json<{ url: string }>().url));
    expect(urls.size).toBe(1);
    const rows = await t.app.ctx.db
      .selectFrom('images')
      .select('id')
      .where('name', '=', [...urls][0]!.split('/').pop() ?? '')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores a picture once however many of its inserts race each other', async () => {
    // The race above, at the statement: on PostgreSQL the inserts of one picture collided on its
    // name (images_name_key) and one of them answered 500 (a few times in 600 inserts here).
    let refused = 0;
    for (let round = 0; round < 60; round += 1) {
      const sha256 = `race-${round}-${Date.now()}`;
      const row = {
        name: `${sha256}.webp`,
        sha256,
        mime: 'image/webp',
        width: 1,
        height: 1,
        bytes: 1,
        data: Buffer.from('x'),
        uploaded_by: user.id,
        created_at: new Date().toISOString(),
      };
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => insertImageIfNew(t.app.ctx.db, row)));
      refused += outcomes.filter((o) => o.status === 'rejected').length;
    }
    expect(refused).toBe(0);
  });

  it('refuses a file over 5 MB with 413, as JSON and as multipart', async () => {
    const big = Buffer.alloc(FIVE_MB + 10, 0x41);
    (await pngImage(4)).copy(big);
    const asJson = await postJson(dataUrl(big));
    expect(asJson.statusCode).toBe(413);
    expect(asJson.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File must be smaller than 5 MB' });

    const asFile = await postFile(big, 'big.png', 'image/png');
    expect(asFile.statusCode).toBe(413);
    expect(asFile.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File must be smaller than 5 MB' });
  });

  it('accepts a large picture just under 5 MB sent as a JSON data URL', async () => {
    // Random pixels do not compress: a PNG of ~4.5 MB, whose data URL is ~6 MB of JSON.
    const side = 1200;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(png.length).toBeLessThan(FIVE_MB);
    const res = await postJson(dataUrl(png));
    expect(res.statusCode).toBe(201);
  });

  it('judges by the bytes: text named .jpg is refused with 415', async () => {
    const text = Buffer.from('this is not a picture, just some words in a text file\n'.repeat(20));
    const res = await postFile(text, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });

    const asJson = await postJson(dataUrl(text, 'image/jpeg'));
    expect(asJson.statusCode).toBe(415);
  });

  it('judges by the bytes: a PNG named .heic is accepted as a PNG', async () => {
    const res = await postFile(await pngImage(5), 'tumbler.heic', 'image/heic');
    expect(res.statusCode).toBe(201);
    const image = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('refuses corrupt bytes that claim to be a JPEG without a server error', async () => {
    const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3300' } })
      .jpeg()
      .toBuffer();
    const corrupt = Buffer.concat([good.subarray(0, 40), Buffer.alloc(200, 0x00)]);
    const res = await postFile(corrupt, 'broken.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
  });

  it('decodes a real HEIC photo and serves it as WebP', async () => {
    const res = await postFile(HEIC_FIXTURE, 'IMG_0001.HEIC', 'image/heic');
    expect(res.statusCode).toBe(201);
    const image = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 64 });

    const asJson = await postJson(dataUrl(HEIC_FIXTURE, 'image/heic'));
    expect(asJson.statusCode).toBe(201);
    expect(asJson.json()).toEqual(res.json());
  });

  it('turns the picture upright and strips EXIF metadata such as the GPS position', async () => {
    const jpeg = await jpegWithGps();
    const input = await sharp(jpeg).metadata();
    expect(input.exif && hasGpsPointer(input.exif)).toBe(true);
    expect(input.orientation).toBe(6);

    const res = await postFile(jpeg, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const image = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored picture is upright, 40 wide and 80 high.
    expect(meta).toMatchObject({ width: 40, height: 80 });
  });

  it('bounds the longest side', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const res = await postJson(dataUrl(wide));
    const image = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    const meta = await sharp(image.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(1280);
  });

  it('answers bad input with 400', async () => {
    const missing = await t.request('POST', '/api/upload/image', user, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION' });
    const notDataUrl = await postJson('data:image/png,not-base64!');
    expect(notDataUrl.statusCode).toBe(400);
  });

  it('answers an unknown image with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/images/does-not-exist.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('rate-limits uploads per user with 429', async () => {
    const busy = await t.createUser();
    const other = await t.createUser();
    const text = Buffer.from('not an image at all');
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await postFile(text, 'a.jpg', 'image/jpeg', busy)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 415)).toBe(true);
    expect(codes[30]).toBe(429);
    const limited = await postFile(text, 'a.jpg', 'image/jpeg', busy);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Someone else is not affected.
    expect((await postFile(text, 'a.jpg', 'image/jpeg', other)).statusCode).toBe(415);
  });

  it('documents the upload endpoints in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(doc.paths).toHaveProperty('/api/upload/image');
    expect(doc.paths).toHaveProperty('/api/images/{name}');
  });
});
