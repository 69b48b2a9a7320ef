import { MESSAGES, type ErrorBody, type User } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SITE_ID,
  connectClient,
  createTestApp,
  nextDisconnect,
  nextEvent,
  type TestApp,
  type TestUser,
} from '../../test-support/test-app';
import { fakeOrdersEvent } from '../../test-support/order-fixtures';

describe('users', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => t.close());

  const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: auth });
  const patchUser = (auth: Record<string, string>, id: number | string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/user/${id}`, headers: auth, payload });

  describe('GET /api/user/me', () => {
    it('returns id, email, name, role, home site and counters of the caller, nothing more', async () => {
      const user = await t.createUser({ name: 'Mia Me' });
      const res = await me(user.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        email: user.email,
        name: 'Mia Me',
        role: 'user',
        homeSiteId: null,
        staffSiteIds: [],
        avoids: [],
        healthConsent: { given: false, version: null, givenAt: null, withdrawnAt: null },
        avoidsAwaitingConsent: [],
      });
    });

    it('answers 401 UNAUTHENTICATED without a token or with a bad one', async () => {
      const none = await me({});
      expect(none.statusCode).toBe(401);
      expect(none.json<ErrorBody>()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      const bad = await me({ authorization: 'Bearer not-a-token' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
    });
  });

  describe('PATCH /api/user (rename yourself)', () => {
    it('renames the caller and returns the User', async () => {
      const user = await t.createUser({ name: 'Old Name' });
      const res = await t.request('PATCH', '/api/user', user, { name: '  New Name ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        name: 'New Name',
        email: user.email,
        role: 'user',
        isAvailable: 'available',
        team: null,
      });
      expect((await me(user.auth)).json()).toMatchObject({ name: 'New Name' });
    });

    it('refuses a blank name with 400 and the spec message', async () => {
      const user = await t.createUser();
      const res = await t.request('PATCH', '/api/user', user, { name: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION', message: `name: ${MESSAGES.nameEmpty}` });
    });

    it('refuses names that show nothing or turn the text around, at rename and registration, saving nothing', async () => {
      const user = await t.createUser({ name: 'Before' });
      const cases = [
        ['\u200b\u200b\u200b', MESSAGES.nameEmpty],
        ['\u3164', MESSAGES.nameEmpty],
        ['Eve\u202eKCAB', MESSAGES.nameDirectionControls],
      ] as const;
      for (const [name, message] of cases) {
        const renamed = await t.request('PATCH', '/api/user', user, { name });
        expect(renamed.statusCode, JSON.stringify(name)).toBe(400);
        expect(renamed.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION', message: `name: ${message}` });
        const registered = await t.request('POST', '/api/auth/register', undefined, {
          name,
          email: `spoof${cases.indexOf(cases.find((c) => c[0] === name) ?? cases[0])}@example.com`,
          password: 'password-123',
        });
        expect(registered.statusCode, JSON.stringify(name)).toBe(400);
        expect(registered.json<ErrorBody>().message).toBe(`name: ${message}`);
      }
      expect((await me(user.auth)).json<User>().name).toBe('Before');
      const spoofers = await t.app.ctx.db.selectFrom('users').select('id').where('email', 'like', 'spoof%').execute();
      expect(spoofers).toEqual([]);
    });

    it('refuses a name longer than 20 characters', async () => {
      const user = await t.createUser();
      const res = await t.request('PATCH', '/api/user', user, { name: 'n'.repeat(21) });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toMatch(/^name/);
    });

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/user', payload: { name: 'Ghost' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/{id}/push/disable', () => {
    it('turns off push for your own account with 204', async () => {
      const user = await t.createUser();
      const res = await t.request('PUT', `/api/user/${user.id}/push/disable`, user, { status: 'INACTIVE' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('push_status')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.push_status).toBe('INACTIVE');
    });

    it("refuses someone else's id with 403 FORBIDDEN", async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      const res = await t.request('PUT', `/api/user/${other.id}/push/disable`, user, { status: 'INACTIVE' });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'FORBIDDEN' });
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('push_status')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(row.push_status).toBe('ACTIVE');
    });

    it('accepts only status INACTIVE', async () => {
      const user = await t.createUser();
      const res = await t.request('PUT', `/api/user/${user.id}/push/disable`, user, { status: 'ACTIVE' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION' });
      expect(res.json<ErrorBody>().message).toMatch(/status/);
    });
  });

  describe('GET /api/user (admin)', () => {
    it('lists all users without password data', async () => {
      const listed = await t.createUser({ role: 'barista', name: 'Listed Barista' });
      const res = await t.request('GET', '/api/user', admin);
      expect(res.statusCode).toBe(200);
      const users = res.json<User[]>();
      expect(users).toContainEqual({
        id: listed.id,
        name: 'Listed Barista',
        email: listed.email,
        role: 'barista',
        isAvailable: 'available',
        team: null,
      });
      expect(users).toContainEqual(expect.objectContaining({ id: admin.id, role: 'admin' }));
      expect(res.body).not.toMatch(/password|hash|push/i);
    });

    it('is refused to users and baristas with 403 FORBIDDEN, and without a token with 401', async () => {
      const user = await t.createUser();
      const barista = await t.createUser({ role: 'barista' });
      for (const caller of [user, barista]) {
        const res = await t.request('GET', '/api/user', caller);
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/user/{id} (admin)', () => {
    it("changes another user's role, and their next call sees it", async () => {
      const user = await t.createUser({ name: 'Promoted' });
      const res = await patchUser(admin.auth, user.id, { role: 'barista' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        name: 'Promoted',
        email: user.email,
        role: 'barista',
        isAvailable: 'available',
        team: null,
      });
      // The same access token now carries the new role: the server reads the user on each call.
      expect((await me(user.auth)).json()).toMatchObject({ role: 'barista' });
    });

    it("makes the changed user's live connection reconnect into the rooms of the new role", async () => {
      const user = await t.createUser({ name: 'Live Promoted' });
      const base = await t.listen();
      const before = await connectClient(base, user.token);
      try {
        const notified = nextEvent(before, 'session-changed');
        const closed = nextDisconnect(before);
        expect((await patchUser(admin.auth, user.id, { role: 'barista' })).statusCode).toBe(200);
        expect(await notified).toEqual({ userId: user.id });
        expect(await closed).toBe('io server disconnect');
        // Connecting again, the same person is now in the staff room and sees everyone's orders.
        const after = await connectClient(base, user.token);
        try {
          const order = nextEvent(after, 'orders');
          t.app.ctx.events.order(FIRST_SITE_ID, fakeOrdersEvent({ id: 99, userId: admin.id }));
          expect(await order).toMatchObject({ id: 99 });
        } finally {
          after.disconnect();
        }
      } finally {
        before.disconnect();
      }
    });

    it("changes another user's name", async () => {
      const user = await t.createUser({ name: 'Before' });
      const res = await patchUser(admin.auth, String(user.id), { name: 'After' });
      expect(res.statusCode).toBe(200);
      expect(res.json<User>().name).toBe('After');
    });

    it('refuses an admin changing their own account with 403 and a readable message', async () => {
      const res = await patchUser(admin.auth, admin.id, { role: 'user' });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      expect(res.json<ErrorBody>().message).toMatch(/own account/);
      expect((await me(admin.auth)).json()).toMatchObject({ role: 'admin' });
    });

    it('is refused to a user and a barista with 403 FORBIDDEN', async () => {
      const target = await t.createUser();
      for (const role of ['user', 'barista'] as const) {
        const caller = await t.createUser({ role });
        const res = await patchUser(caller.auth, target.id, { role: 'admin' });
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
      }
      expect((await me(target.auth)).json()).toMatchObject({ role: 'user' });
    });

    it('answers an unknown id with 404 NOT_FOUND', async () => {
      const res = await patchUser(admin.auth, 999_999, { role: 'barista' });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    });

    it('refuses an unknown role, an empty body and a malformed id with 400 VALIDATION', async () => {
      const user = await t.createUser();
      const badRole = await patchUser(admin.auth, user.id, { role: 'owner' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json<ErrorBody>().message).toMatch(/^role/);
      const empty = await patchUser(admin.auth, user.id, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().code).toBe('VALIDATION');
      const badId = await patchUser(admin.auth, 'abc', { role: 'user' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json<ErrorBody>().message).toMatch(/^id/);
    });

    it("puts another user in a team, trimmed, shows it in the list, and takes them out with null or ''", async () => {
      const user = await t.createUser({ name: 'Teamed' });
      const set = await patchUser(admin.auth, user.id, { team: '  Finance  ' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<User>()).toMatchObject({ id: user.id, name: 'Teamed', team: 'Finance' });
      const listed = await t.request('GET', '/api/user', admin);
      expect(listed.json<User[]>().find((u) => u.id === user.id)?.team).toBe('Finance');
      expect((await patchUser(admin.auth, user.id, { team: null })).json<User>().team).toBeNull();
      expect((await patchUser(admin.auth, user.id, { team: 'Finance' })).json<User>().team).toBe('Finance');
      expect((await patchUser(admin.auth, user.id, { team: '   ' })).json<User>().team).toBeNull();
      const row = await t.app.ctx.db.selectFrom('users').select('team').where('id', '=', user.id).executeTakeFirst();
      expect(row?.team).toBeNull();
    });

    it('records each change of team in the audit log, and an unchanged team not at all', async () => {
      const user = await t.createUser({ name: 'Audited Team' });
      await patchUser(admin.auth, user.id, { team: 'Ops' });
      await patchUser(admin.auth, user.id, { team: 'Ops' });
      await patchUser(admin.auth, user.id, { team: '' });
      const res = await t.request('GET', '/api/audit?action=user.team', admin);
      expect(res.statusCode, res.body).toBe(200);
      const mine = res
        .json<{ entries: { target: { id: string | null }; before: unknown; after: unknown }[] }>()
        .entries.filter((e) => e.target.id === String(user.id));
      // Newest first.
      expect(mine.map((e) => [e.before, e.after])).toEqual([
        [{ team: 'Ops' }, { team: null }],
        [{ team: null }, { team: 'Ops' }],
      ]);
    });

    it('refuses a team from a user or a barista with 403, and one too long with 400, changing nothing', async () => {
      const target = await t.createUser();
      for (const role of ['user', 'barista'] as const) {
        const caller = await t.createUser({ role });
        expect((await patchUser(caller.auth, target.id, { team: 'Mine' })).statusCode).toBe(403);
      }
      const long = await patchUser(admin.auth, target.id, { team: 'x'.repeat(81) });
      expect(long.statusCode).toBe(400);
      expect(long.json<ErrorBody>().code).toBe('VALIDATION');
      expect(long.json<ErrorBody>().message).toMatch(/team must be at most 80 characters/);
      expect((await patchUser(admin.auth, target.id, { team: 42 })).statusCode).toBe(400);
      const row = await t.app.ctx.db.selectFrom('users').select('team').where('id', '=', target.id).executeTakeFirst();
      expect(row?.team).toBeNull();
    });

    it('makes an unavailable user unable to sign in or keep their session, and undoes it', async () => {
      const user = await t.createUser();
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        payload: { email: user.email, password: user.password },
      });
      const { refreshToken } = signIn.json<{ refreshToken: string }>();

      const off = await patchUser(admin.auth, user.id, { isAvailable: 'unavailable' });
      expect(off.statusCode).toBe(200);
      expect(off.json<User>().isAvailable).toBe('unavailable');

      expect((await me(user.auth)).statusCode).toBe(401);
      const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
      expect(refresh.statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        payload: { email: user.email, password: user.password },
      });
      expect(again.statusCode).toBe(401);
      expect(again.json<ErrorBody>()).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.loginFailed });

      expect((await patchUser(admin.auth, user.id, { isAvailable: 'available' })).statusCode).toBe(200);
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        payload: { email: user.email, password: user.password },
      });
      expect(back.statusCode).toBe(200);
    });
  });

  it('documents every users endpoint in OpenAPI with bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    const routes: [string, string][] = [
      ['/api/user/me', 'get'],
      ['/api/user', 'patch'],
      ['/api/user', 'get'],
      ['/api/user/{id}', 'patch'],
      ['/api/user/{id}/push/disable', 'put'],
    ];
    for (const [path, method] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['users']);
      expect(operation?.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });
});
