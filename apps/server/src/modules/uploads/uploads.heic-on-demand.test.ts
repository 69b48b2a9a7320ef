import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';
import { HEIC_FIXTURE, dataUrl, pngImage } from '../../test-support/image-fixtures';

/** Whether the HEIC decoder (libheif in WebAssembly, some 20 MB kept for good) was loaded. */
const decoder = vi.hoisted(() => ({ loaded: false }));
vi.mock('heic-decode', async (original) => {
  decoder.loaded = true;
  return original();
});

/**
 * A process that only ever gets JPEG and PNG photos never holds the HEIC decoder (issue 33:
 * memory); the first HEIC photo loads it and is decoded as before.
 */
describe('the HEIC decoder loads with the first HEIC photo', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(() => t.close());

  it('a PNG leaves it unloaded; a HEIC photo loads it and is stored as WebP', async () => {
    const png = await t.request('POST', '/api/upload/image', user, { file: dataUrl(await pngImage(3)) });
    expect(png.statusCode).toBe(201);
    expect(decoder.loaded).toBe(false);

    const heic = await t.request('POST', '/api/upload/image', user, { file: dataUrl(HEIC_FIXTURE, 'image/heic') });
    expect(heic.statusCode).toBe(201);
    expect(decoder.loaded).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: heic.json<{ url: string }>().url });
    expect(image.headers['content-type']).toBe('image/webp');
  });
});
