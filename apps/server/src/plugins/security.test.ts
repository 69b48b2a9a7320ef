import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../test-support/image-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';

describe('caching of API answers', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser({ password: 'password-123' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  it('forbids keeping answers that carry tokens or personal data (no-store)', async () => {
    const login = await t.request('POST', '/api/auth/v2/login', undefined, {
      email: user.email,
      password: 'password-123',
    });
    expect(login.statusCode).toBe(200);
    const { refreshToken } = login.json<{ refreshToken: string }>();
    const refresh = await t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken });
    expect(refresh.statusCode).toBe(200);
    const answers = {
      login,
      refresh,
      me: await t.request('GET', '/api/user/me', user),
      queue: await t.request('GET', '/api/order/my-queue', user),
      history: await t.request('GET', '/api/order/history/user', user),
      users: await t.request('GET', '/api/user', admin),
      refused: await t.request('GET', '/api/user', user),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(answers.refused.statusCode).toBe(403);
  });

  it('keeps the public answers cacheable as they say', async () => {
    const settings = await t.request('GET', '/api/settings');
    expect(settings.headers['cache-control']).toBe('public, max-age=60');
    const url = await uploadImage(t, user);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets browsers keep the menu and the shop status, revalidating with an ETag (304 until they change)', async () => {
    const barista = await t.createUser({ role: 'barista' });
    for (const url of ['/api/category', '/api/category?categoryFor=cafe', '/api/cafe-status']) {
      const first = await t.request('GET', url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    const menuTag = (await t.request('GET', '/api/category')).headers.etag as string;
    const statusTag = (await t.request('GET', '/api/cafe-status')).headers.etag as string;
    expect((await t.request('POST', '/api/category', barista, { name: 'Juice', categoryFor: 'cafe' })).statusCode).toBe(
      201,
    );
    expect((await t.request('PATCH', '/api/cafe-status/bar-open', barista)).statusCode).toBe(200);
    const menu = await t.app.inject({ method: 'GET', url: '/api/category', headers: { 'if-none-match': menuTag } });
    expect(menu.statusCode).toBe(200);
    expect(menu.json<{ name: string }[]>().map((c) => c.name)).toContain('Juice');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/cafe-status',
      headers: { 'if-none-match': statusTag },
    });
    expect(status.json()).toEqual({ isBarOpen: true, isCafeOpen: false });
  });
});
