import type { AuditEntry, DisplayLink, Order, PickupBoard, Site } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectScreen, disconnected, makeLink, nextScreenEvent, sha256 } from '../../test-support/display-fixtures';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('pickup screens', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;
  let otherBarista: TestUser;
  let person: TestUser;
  let second: Site;

  const board = (token: string) => t.request('GET', `/api/display/${token}`);
  const setNames = (displayNames: string) =>
    t.request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, barista, { displayNames });
  async function newOrder(who: TestUser = person): Promise<Order> {
    const res = await placeOrder(t, who, cafeOrderBody(menu.latte, image, { remark: 'secret remark' }));
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  }
  const move = async (id: number, status: string) =>
    expect((await baristaPatch(t, barista, id, { status })).statusCode).toBe(200);

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
    person = await t.createUser({ name: 'Somchai Jaidee' });
    const res = await t.request('POST', '/api/sites', admin, {
      name: 'Berlin office',
      latitude: 52.52,
      longitude: 13.405,
      radiusKm: 0.5,
      timeZone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(201);
    second = res.json<Site>();
    otherBarista = await t.createUser({ role: 'barista', site: second.id });
  });
  beforeEach(async () => {
    await t.app.ctx.db.deleteFrom('order_status_history').execute();
    await t.app.ctx.db.deleteFrom('order_options').execute();
    await t.app.ctx.db.deleteFrom('orders').execute();
    t.app.ctx.bus.resync();
    expect((await setNames('first-initial')).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  describe('links', () => {
    it("lets the site's baristas and admins make, list and revoke links; the token is told once and kept as a hash", async () => {
      const made = await makeLink(t, barista, FIRST_SITE_ID, 'Counter TV');
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(made).toMatchObject({ siteId: FIRST_SITE_ID, label: 'Counter TV', revokedAt: null });
      expect(made.createdBy).toEqual({ id: barista.id, name: barista.name });
      const byAdmin = await makeLink(t, admin, FIRST_SITE_ID, '');
      expect(byAdmin.token).not.toBe(made.token);

      const stored = await t.app.ctx.db
        .selectFrom('display_tokens')
        .selectAll()
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(sha256(made.token));
      expect(JSON.stringify(stored)).not.toContain(made.token);

      const list = await t.request('GET', `/api/sites/${FIRST_SITE_ID}/displays`, barista);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(made.token);
      expect(list.json<DisplayLink[]>().map((l) => l.id)).toEqual(expect.arrayContaining([made.id, byAdmin.id]));

      const revoked = await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/${made.id}/revoke`, admin);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<DisplayLink>().revokedAt).toEqual(expect.any(String));
      // Again: nothing changes.
      const again = await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/${made.id}/revoke`, admin);
      expect(again.json<DisplayLink>().revokedAt).toBe(revoked.json<DisplayLink>().revokedAt);
    });

    it('refuses people, baristas of another site and visitors', async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      const base = `/api/sites/${FIRST_SITE_ID}/displays`;
      for (const who of [person, otherBarista]) {
        expect((await t.request('POST', base, who, { label: 'x' })).statusCode).toBe(403);
        expect((await t.request('GET', base, who)).statusCode).toBe(403);
        expect((await t.request('POST', `${base}/${link.id}/revoke`, who)).statusCode).toBe(403);
      }
      expect((await t.request('POST', base, undefined, { label: 'x' })).statusCode).toBe(401);
      expect((await t.request('GET', base)).statusCode).toBe(401);
      expect((await t.request('POST', `${base}/${link.id}/revoke`)).statusCode).toBe(401);
      expect((await board(link.token)).statusCode).toBe(200);
      // A link of one site cannot be revoked through another.
      const through = await t.request('POST', `/api/sites/${second.id}/displays/${link.id}/revoke`, otherBarista);
      expect(through.statusCode).toBe(404);
      expect((await board(link.token)).statusCode).toBe(200);
    });

    it('answers bad input with 400 and a readable message', async () => {
      const long = await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays`, barista, { label: 'x'.repeat(81) });
      expect(long.statusCode).toBe(400);
      expect(long.json<{ message: string }>().message).toMatch(/label/);
      const wrongType = await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays`, barista, { label: 5 });
      expect(wrongType.statusCode).toBe(400);
      expect((await t.request('POST', `/api/sites/abc/displays`, barista, {})).statusCode).toBe(400);
      expect((await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/0/revoke`, barista)).statusCode).toBe(400);
      expect((await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/999999/revoke`, barista)).statusCode).toBe(
        404,
      );
    });

    it('audits making and revoking a link', async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID, 'Audited TV');
      await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/${link.id}/revoke`, barista);
      const res = await t.request('GET', '/api/audit?area=site', admin);
      expect(res.statusCode).toBe(200);
      const entries = res.json<{ entries: AuditEntry[] }>().entries;
      const mine = entries.filter((e) => e.action.startsWith('site.display.') && e.after?.displayId === link.id);
      expect(mine.map((e) => e.action).sort()).toEqual(['site.display.create', 'site.display.revoke']);
      expect(mine.every((e) => e.actor.id === barista.id && e.site?.id === FIRST_SITE_ID)).toBe(true);
      expect(JSON.stringify(mine)).not.toContain(link.token);
    });
  });

  describe('the screen', () => {
    it("shows its own site's orders being prepared and ready, by number and first name and initial, and nothing else", async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      const other = await makeLink(t, otherBarista, second.id);
      const first = await newOrder();
      const next = await newOrder(await t.createUser({ name: 'Anna' }));

      const read = await board(link.token);
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      const shown = read.json<PickupBoard>();
      const siteName = (await t.app.ctx.services.sites.get(FIRST_SITE_ID)).name;
      expect(shown).toEqual({
        site: { id: FIRST_SITE_ID, name: siteName },
        displayNames: 'first-initial',
        // Waiting orders are not being prepared yet: the screen shows none of them.
        preparing: [],
        ready: [],
      });

      await move(first.id, 'in-progress');
      await move(next.id, 'in-progress');
      const started = await board(link.token);
      expect(started.json<PickupBoard>().preparing).toEqual([
        { number: first.id, name: 'Somchai J.' },
        { number: next.id, name: 'Anna' },
      ]);
      for (const secret of ['secret remark', person.email, 'Jaidee', image, 'Latte'])
        expect(started.body).not.toContain(secret);
      await move(first.id, 'done');
      const ready = (await board(link.token)).json<PickupBoard>();
      expect(ready.preparing.map((o) => o.number)).toEqual([next.id]);
      expect(ready.ready).toEqual([{ number: first.id, name: 'Somchai J.' }]);
      await move(first.id, 'picked');
      expect((await board(link.token)).json<PickupBoard>().ready).toEqual([]);

      // The other site's link sees its own (empty) board only.
      const elsewhere = (await board(other.token)).json<PickupBoard>();
      expect(elsewhere).toMatchObject({ site: { id: second.id, name: 'Berlin office' }, preparing: [], ready: [] });
    });

    it('shows the number alone when the site says so', async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      const order = await newOrder();
      await move(order.id, 'in-progress');
      expect((await setNames('number')).statusCode).toBe(200);
      const read = await board(link.token);
      expect(read.json<PickupBoard>()).toMatchObject({
        displayNames: 'number',
        preparing: [{ number: order.id, name: null }],
      });
      expect(read.body).not.toContain('Somchai');
    });

    it('answers 404 with a readable message for an unknown or revoked link', async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      for (const token of ['nope', 'A'.repeat(43), link.token.slice(0, -1)]) {
        const res = await board(token);
        expect(res.statusCode).toBe(404);
        expect(res.json<{ message: string }>().message).toMatch(/revoked or does not exist/);
      }
      expect((await board('x'.repeat(500))).statusCode).toBeGreaterThanOrEqual(400);
      await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/${link.id}/revoke`, barista);
      expect((await board(link.token)).statusCode).toBe(404);
    });

    it('answers a screen whose link keeps the token in its fragment: the token in a header, never in the address', async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      const order = await newOrder();
      await move(order.id, 'in-progress');
      const byHeader = (token?: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/display',
          headers: token === undefined ? {} : { 'x-display-token': token },
        });
      const read = await byHeader(link.token);
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(read.json<PickupBoard>()).toEqual((await board(link.token)).json<PickupBoard>());
      expect(read.json<PickupBoard>().preparing.map((o) => o.number)).toHaveLength(1);
      expect((await byHeader('nope')).statusCode).toBe(404);
      const missing = await byHeader();
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toMatch(/x-display-token/);
      await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/${link.id}/revoke`, barista);
      expect((await byHeader(link.token)).statusCode).toBe(404);
    });
  });

  describe('live', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.listen();
    });

    it('sends the board on every move, only the fields the screen shows', async () => {
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      const screen = await connectScreen(base, link.token);
      const heard: string[] = [];
      screen.onAny((event: string) => heard.push(event));
      try {
        const placed = nextScreenEvent(screen, 'pickup-board');
        const order = await newOrder();
        expect(await placed).toMatchObject({ preparing: [], ready: [] });
        const taken = nextScreenEvent(screen, 'pickup-board');
        await move(order.id, 'in-progress');
        expect((await taken).preparing.map((o) => o.number)).toEqual([order.id]);
        const finished = nextScreenEvent(screen, 'pickup-board');
        await move(order.id, 'done');
        const after = await finished;
        expect(after.ready).toEqual([{ number: order.id, name: 'Somchai J.' }]);
        expect(JSON.stringify(after)).not.toContain('secret remark');
        expect(heard.every((event) => event === 'pickup-board')).toBe(true);
      } finally {
        screen.close();
      }
    });

    it('refuses an unknown token, and cuts a revoked link off at once', async () => {
      await expect(connectScreen(base, 'no-such-token')).rejects.toMatchObject({ data: { code: 'DISPLAY_NOT_FOUND' } });
      const link = await makeLink(t, barista, FIRST_SITE_ID);
      const keep = await makeLink(t, barista, FIRST_SITE_ID);
      const screen = await connectScreen(base, link.token);
      const kept = await connectScreen(base, keep.token);
      try {
        const told = nextScreenEvent(screen, 'display-revoked');
        const ended = disconnected(screen);
        await t.request('POST', `/api/sites/${FIRST_SITE_ID}/displays/${link.id}/revoke`, barista);
        await told;
        expect(await ended).toBe('io server disconnect');
        expect(kept.connected).toBe(true);
        await expect(connectScreen(base, link.token)).rejects.toMatchObject({ data: { code: 'DISPLAY_NOT_FOUND' } });
      } finally {
        screen.close();
        kept.close();
      }
    });
  });
});
