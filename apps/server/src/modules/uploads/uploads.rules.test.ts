import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UPLOAD_MIME_TYPES } from '@cafe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, multipartBody } from '../../test-support/image-fixtures';
import { REPO_ROOT } from '../../test-support/security-assessment';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app';

/** A picture that runs a script when a browser opens it as a document. */
const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><foreignObject><iframe src="https://evil.example"/></foreignObject>' +
    '<rect width="10" height="10" fill="red"/></svg>',
);

/** The one upload feature and what its documentation promises (ASVS 1.3.4, 5.1.1). */
describe('the picture upload and its documented rules', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const postFile = (bytes: Buffer, filename: string, contentType: string) => {
    const { payload, headers } = multipartBody('file', bytes, filename, contentType);
    return t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { ...user.auth, ...headers }, payload });
  };

  it('refuses an SVG with a script, whatever it is called or claims to be, and stores nothing (1.3.4)', async () => {
    // sharp itself could read SVG: the bytes' type is refused before it is asked.
    expect((await sharp(SCRIPTED_SVG).metadata()).format).toBe('svg');
    for (const [name, type] of [
      ['drawing.svg', 'image/svg+xml'],
      ['tumbler.png', 'image/png'],
      ['tumbler.jpg', 'image/jpeg'],
    ] as const) {
      const res = await postFile(SCRIPTED_SVG, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json(), name).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    }
    const asJson = await t.request('POST', '/api/upload/image', user, { file: dataUrl(SCRIPTED_SVG, 'image/svg+xml') });
    expect(asJson.statusCode).toBe(415);
    expect(await t.app.ctx.db.selectFrom('images').select('id').execute()).toEqual([]);
  });

  it('documents the types it takes, the size, how a picture is made safe and what a refused file gets (5.1.1)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { summary?: string; description?: string } }>;
    }>();
    const upload = doc.paths['/api/upload/image']?.post;
    const words = `${upload?.summary ?? ''} ${upload?.description ?? ''}`;
    // The types the server takes, each named; nothing else (no WebP, no SVG).
    expect(UPLOAD_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/heic', 'image/heif']);
    for (const type of ['JPEG', 'PNG', 'HEIC', 'HEIF']) expect(words).toContain(type);
    expect(words).toContain('at most 5 MB');
    expect(words).toContain('judged by the bytes');
    expect(words).toMatch(/re-encoded as WebP \(upright, at most 1280 px, no metadata\)/);
    // What a file too large or not a picture gets (docs/api.md, Errors).
    const errors = readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8');
    expect(errors).toMatch(/\| 413 +\| PAYLOAD_TOO_LARGE +\| a photo over 5 MB/);
    expect(errors).toMatch(
      /\| 415 +\| UNSUPPORTED_MEDIA +\| an upload that is not JPEG, PNG, HEIC or HEIF by its bytes/,
    );
  });
});
