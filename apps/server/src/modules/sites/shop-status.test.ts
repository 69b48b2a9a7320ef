import type { ErrorBody } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  FIRST_SITE_ID,
  connectClient,
  createTestApp,
  nextEvent,
  type TestApp,
  type TestUser,
} from '../../test-support/test-app';

describe('shop status', () => {
  let t: TestApp;
  let barista: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  const getStatus = () => t.app.inject({ method: 'GET', url: '/api/cafe-status' });
  const setStatus = (value: string, auth: Record<string, string> = barista.auth) =>
    t.app.inject({ method: 'PATCH', url: `/api/cafe-status/${value}`, headers: auth });

  it('starts with both venues closed and needs no sign-in to read', async () => {
    const res = await getStatus();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isBarOpen: false, isCafeOpen: false });
  });

  it('lets a barista open the cafe, then the bar, then close both', async () => {
    const cafe = await setStatus('cafe-open');
    expect(cafe.statusCode).toBe(200);
    expect(cafe.json()).toEqual({ isBarOpen: false, isCafeOpen: true });
    expect((await getStatus()).json()).toEqual({ isBarOpen: false, isCafeOpen: true });

    const bar = await setStatus('bar-open');
    expect(bar.json()).toEqual({ isBarOpen: true, isCafeOpen: false });
    expect((await getStatus()).json()).toEqual({ isBarOpen: true, isCafeOpen: false });

    const closed = await setStatus('close-both');
    expect(closed.json()).toEqual({ isBarOpen: false, isCafeOpen: false });
    expect((await getStatus()).json()).toEqual({ isBarOpen: false, isCafeOpen: false });
  });

  it('accepts all-close as close-both', async () => {
    await setStatus('cafe-open');
    const res = await setStatus('all-close');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isBarOpen: false, isCafeOpen: false });
    expect((await getStatus()).json()).toEqual({ isBarOpen: false, isCafeOpen: false });
  });

  it('lets an admin change it and records who did', async () => {
    const res = await setStatus('cafe-open', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isBarOpen: false, isCafeOpen: true });
    const row = await t.app.ctx.db
      .selectFrom('sites')
      .select('status_updated_by')
      .where('id', '=', FIRST_SITE_ID)
      .executeTakeFirstOrThrow();
    expect(row.status_updated_by).toBe(admin.id);
  });

  it('refuses a user with 403 FORBIDDEN and an anonymous caller with 401', async () => {
    const before = (await getStatus()).json<unknown>();
    const user = await t.createUser();
    const asUser = await setStatus('bar-open', user.auth);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json<ErrorBody>()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const anonymous = await setStatus('bar-open', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    expect((await getStatus()).json()).toEqual(before);
  });

  it('refuses an unknown value with 400 VALIDATION naming it', async () => {
    const res = await setStatus('open-all');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(res.json<ErrorBody>().message).toMatch(/^value/);
  });

  it('documents both endpoints in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    expect(doc.paths['/api/cafe-status']?.get?.tags).toEqual(['shop-status']);
    expect(doc.paths['/api/cafe-status']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/cafe-status/{value}']?.patch?.security).toEqual([{ bearerAuth: [] }]);
  });

  describe('live event', () => {
    let baseUrl: string;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      baseUrl = await t.listen();
    });
    afterAll(() => {
      for (const socket of sockets) socket.disconnect();
    });

    it('sends cafe-status to everyone, signed in or not, after a change', async () => {
      const anonymous = await connectClient(baseUrl);
      const user = await t.createUser();
      const signedIn = await connectClient(baseUrl, user.token);
      sockets.push(anonymous, signedIn);

      const events = Promise.all([nextEvent(anonymous, 'cafe-status'), nextEvent(signedIn, 'cafe-status')]);
      const res = await setStatus('bar-open');
      expect(res.statusCode).toBe(200);
      expect(await events).toEqual([
        { isBarOpen: true, isCafeOpen: false },
        { isBarOpen: true, isCafeOpen: false },
      ]);
    });
  });
});
