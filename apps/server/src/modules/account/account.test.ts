import { AccountExportSchema, type AuditPage, type Order, type TokenPair, type User } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../test-support/image-fixtures';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/** A person's data: one file with all of it, and deleting the account (by the person or an admin). */
describe('account data', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let barista: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, menu } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  async function signIn(who: TestUser): Promise<TokenPair> {
    const res = await t.request('POST', '/api/auth/v2/login', undefined, { email: who.email, password: who.password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TokenPair>();
  }

  async function servedOrder(person: TestUser, photo: string, remark = 'extra hot for Somchai'): Promise<Order> {
    const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, photo, { remark }));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect((await baristaPatch(t, barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await baristaPatch(t, barista, order.id, { status: 'done' })).statusCode).toBe(200);
    expect((await ownerPatch(t, person, order.id, 'picked')).statusCode).toBe(200);
    return order;
  }

  /** A coffee run the person started, written straight into the database. */
  async function startRun(runner: TestUser, place: string): Promise<number> {
    const at = t.clock.now().toISOString();
    const row = await t.app.ctx.db
      .insertInto('runs')
      .values({ site_id: FIRST_SITE_ID, runner_id: runner.id, place, pickup_at: at, closes_at: at, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('gives a person everything held about them as one file, and nothing of anyone else', async () => {
    const person = await t.createUser({ name: 'Somchai' });
    const other = await t.createUser({ name: 'Other' });
    await signIn(person);
    expect((await t.request('PUT', '/api/user/notifications', person, { language: 'th' })).statusCode).toBe(200);
    const subscribed = await t.request('POST', '/api/push/subscription', person, {
      endpoint: 'https://push.example.com/somchai-phone',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(subscribed.statusCode).toBe(201);
    const photo = await uploadImage(t, person);
    const order = await servedOrder(person, photo);
    await servedOrder(other, await uploadImage(t, other), 'for Other');
    await t.app.ctx.db.updateTable('users').set({ team: 'Finance' }).where('id', '=', person.id).execute();
    const run = await startRun(person, 'Meeting room 3');

    const res = await t.request('GET', '/api/user/me/export', person);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cafe-data-${person.id}.json"`);
    const data = AccountExportSchema.strict().parse(res.json());
    expect(data.account).toMatchObject({
      id: person.id,
      name: 'Somchai',
      email: person.email,
      role: 'user',
      signIn: 'password',
      team: 'Finance',
      avoids: [],
    });
    expect(data.runs).toEqual([expect.objectContaining({ id: run, site: 'Head office', place: 'Meeting room 3' })]);
    expect(typeof data.orders[0]?.ownCup).toBe('boolean');
    expect(data.notificationSettings.language).toBe('th');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: order.id,
      drink: 'Latte',
      remark: 'extra hot for Somchai',
      tumblerImage: photo,
      status: 'picked',
      site: 'Head office',
    });
    expect(data.orders[0]?.history.map((h) => h.to)).toEqual(['ordered', 'in-progress', 'done', 'picked']);
    expect(data.photos.map((p) => p.url)).toEqual([photo]);
    const stored = (await t.request('GET', photo)).rawPayload;
    expect(Buffer.from(data.photos[0]?.dataUrl.split(',')[1] ?? '', 'base64').equals(stored)).toBe(true);
    expect(data.pushSubscriptions.map((s) => s.service)).toEqual(['push.example.com']);
    expect(data.signIns).toHaveLength(1);
    expect(data.notifications.map((n) => [n.channel, n.event, n.title])).toEqual([
      ['push', 'done', 'เครื่องดื่มของคุณพร้อมแล้ว'],
    ]);
    expect(JSON.stringify(data)).not.toContain('for Other');
    expect((await t.request('GET', '/api/user/me/export')).statusCode).toBe(401);
  });

  it('includes the audit entries about the person, and those they made, as the audit log shows them', async () => {
    const person = await t.createUser({ name: 'Nok' });
    const other = await t.createUser({ name: 'Someone Else' });
    const renamed = await t.request('PATCH', `/api/user/${person.id}`, admin, { name: 'Nok Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // An entry about someone else stays out of this person's file.
    expect((await t.request('PATCH', `/api/user/${other.id}`, admin, { name: 'Someone Renamed' })).statusCode).toBe(
      200,
    );

    const res = await t.request('GET', '/api/user/me/export', person);
    expect(res.statusCode).toBe(200);
    const data = AccountExportSchema.strict().parse(res.json());
    // The same entry the admins' audit log shows.
    const log = await t.request('GET', `/api/audit?action=user.name`, admin);
    const shown = log
      .json<AuditPage>()
      .entries.find((e) => e.target.type === 'user' && e.target.id === String(person.id));
    expect(shown).toBeDefined();
    expect(data.audit).toEqual([shown]);
    expect(data.audit[0]).toMatchObject({
      actor: { id: admin.id },
      action: 'user.name',
      target: { type: 'user', id: String(person.id), name: 'Nok Renamed' },
      before: { name: 'Nok' },
      after: { name: 'Nok Renamed' },
    });
    expect(JSON.stringify(data)).not.toContain('Someone');

    // The admin's own file lists the changes they made, as their audit log shows them.
    const made = AccountExportSchema.parse((await t.request('GET', '/api/user/me/export', admin)).json());
    expect(made.audit.map((e) => [e.action, e.target.id])).toEqual(
      expect.arrayContaining([
        ['user.name', String(person.id)],
        ['user.name', String(other.id)],
      ]),
    );
  });

  it('deletes a person’s own account: they cannot sign in, their orders stay without them', async () => {
    const person = await t.createUser({ name: 'Leaving' });
    const tokens = await signIn(person);
    const photo = await uploadImage(t, person);
    const served = await servedOrder(person, photo);
    const open = (await placeOrder(t, person, cafeOrderBody(menu.latte, photo))).json<Order>();
    await t.app.ctx.db.updateTable('users').set({ team: 'Leavers' }).where('id', '=', person.id).execute();
    const run = await startRun(person, 'Board room');

    const wrong = await t.request('DELETE', '/api/user/me', person, { confirm: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'confirm: type your e-mail address to delete your account' });
    const busy = await t.request('DELETE', '/api/user/me', person, { confirm: person.email.toUpperCase() });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'ACCOUNT_HAS_OPEN_ORDERS' });
    expect((await ownerPatch(t, person, open.id, 'cancel')).statusCode).toBe(200);
    const countBefore = (
      await t.request('GET', '/api/order/count/total?startDate=2026-11-18&endDate=2026-11-19&categoryFor=cafe', barista)
    ).json<unknown>();

    const deleted = await t.request('DELETE', '/api/user/me', person, { confirm: person.email });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // Nothing of theirs signs in any more: password, access token, refresh token.
    expect(
      (await t.request('POST', '/api/auth/v2/login', undefined, { email: person.email, password: person.password }))
        .statusCode,
    ).toBe(401);
    expect((await t.request('GET', '/api/user/me', person)).statusCode).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: tokens.refreshToken })).statusCode,
    ).toBe(401);
    // The photo went; the order stays, for the statistics, without anything that names them.
    expect((await t.request('GET', photo)).statusCode).toBe(404);
    const read = await t.request('GET', `/api/order/${served.id}`, barista);
    expect(read.json<Order>()).toMatchObject({
      status: 'picked',
      remark: '-',
      tumblerImage: '',
      user: { name: 'Deleted person' },
    });
    expect(read.body).not.toContain(person.email);
    expect(
      (
        await t.request(
          'GET',
          '/api/order/count/total?startDate=2026-11-18&endDate=2026-11-19&categoryFor=cafe',
          barista,
        )
      ).json<unknown>(),
    ).toEqual(countBefore);
    const users = (await t.request('GET', '/api/user', admin)).json<User[]>();
    expect(users.map((u) => u.id)).not.toContain(person.id);
    // Their team goes; the run they started stays the group of its drinks, without them.
    const account = await t.app.ctx.db
      .selectFrom('users')
      .select('team')
      .where('id', '=', person.id)
      .executeTakeFirst();
    expect(account?.team).toBeNull();
    const kept = await t.app.ctx.db.selectFrom('runs').select(['runner_id', 'place']).where('id', '=', run).execute();
    expect(kept).toEqual([{ runner_id: null, place: 'Board room' }]);
    const left = await t.app.ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', person.id)
      .execute();
    expect(left).toEqual([]);
    // The address can register again: a new, empty account.
    const again = await t.request('POST', '/api/auth/register', undefined, {
      email: person.email,
      password: 'a-new-password',
      name: 'Back',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<User>().id).not.toBe(person.id);
  });

  it('lets an admin delete someone who left, and no one else', async () => {
    const leaver = await t.createUser();
    await servedOrder(leaver, await uploadImage(t, leaver));
    expect((await t.request('DELETE', `/api/user/${leaver.id}`, barista)).statusCode).toBe(403);
    expect((await t.request('DELETE', `/api/user/${leaver.id}`, await t.createUser())).statusCode).toBe(403);
    expect((await t.request('DELETE', `/api/user/${admin.id}`, admin)).statusCode).toBe(403);
    expect((await t.request('DELETE', '/api/user/999999', admin)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/user/${leaver.id}`, admin)).statusCode).toBe(204);
    expect((await t.request('DELETE', `/api/user/${leaver.id}`, admin)).statusCode).toBe(404);
    // The audit log says who deleted which account, and what it was.
    const log = await t.request('GET', '/api/audit?action=user.delete', admin);
    expect(log.json<{ entries: unknown[] }>().entries).toContainEqual(
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.id }) as unknown,
        action: 'user.delete',
        target: expect.objectContaining({ type: 'user', id: String(leaver.id) }) as unknown,
        before: { name: leaver.name, role: 'user' },
        after: null,
      }),
    );
    expect(
      (await t.request('POST', '/api/auth/v2/login', undefined, { email: leaver.email, password: leaver.password }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps a photo another person’s order shows (the same picture is stored once)', async () => {
    const one = await t.createUser();
    const two = await t.createUser();
    const bytes = Buffer.from(await (await import('../../test-support/image-fixtures')).pngImage(4242));
    const shared = await uploadImage(t, one, bytes);
    expect(await uploadImage(t, two, bytes)).toBe(shared);
    await servedOrder(one, shared);
    await servedOrder(two, shared);
    expect((await t.request('DELETE', `/api/user/${one.id}`, admin)).statusCode).toBe(204);
    expect((await t.request('GET', shared)).statusCode).toBe(200);
  });
});
