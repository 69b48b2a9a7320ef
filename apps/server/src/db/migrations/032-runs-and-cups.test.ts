import { cafeClock, cafeDayOf, type CupsSavedStats, type Order, type User } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { NOW, ZONE, rowsOf, upgradeFrom, type Upgrade, type Written } from '../../test-support/upgrade-fixtures';

/** The release before the coffee runs and the cups saved. */
const PREVIOUS_RELEASE = '031-chat-channels';

/** The orders the release before wrote besides writePreviousRelease's, by what they are. */
interface Extra {
  reusedPhoto: number;
  walkUp: number;
  guestWalkUp: number;
  bar: number;
  cancelled: number;
}

/**
 * More orders as the release before wrote them, beside the picked, in-progress and rejected cafe
 * orders of writePreviousRelease (each with the tumbler photo every online cafe order carried): a
 * second picked cafe order showing the same photo, a walk-up for the person and one for a guest
 * (no photo), a picked bar order with a photo, and a cancelled cafe order with one.
 */
async function writeExtra(db: Kysely<unknown>, written: Written, into: Partial<Extra>): Promise<void> {
  const at = '2026-11-19T02:00:00.000Z';
  const { rows: photo } = await sql<{ tumbler_image: string; menu_id: number }>`select tumbler_image, menu_id
    from orders where id = ${written.order}`.execute(db);
  const image = String(photo[0]?.tumbler_image);
  const latte = Number(photo[0]?.menu_id);
  const { rows: cat } = await sql<{ id: number }>`insert into categories (name, category_for, sort_order,
      created_at, updated_at) values ('Cocktails', 'bar', 1, ${at}, ${at}) returning id`.execute(db);
  const { rows: item } = await sql<{ id: number }>`insert into menu_items (category_id, name, description,
      created_at, updated_at) values (${Number(cat[0]?.id)}, 'Mojito', '', ${at}, ${at}) returning id`.execute(db);
  const mojito = Number(item[0]?.id);
  const insert = async (
    key: keyof Extra,
    o: { user: number; menu: number; venue: string; status: string; photo: string; walkUp: number; guest?: string },
    minutesAgo: number,
  ) => {
    const placed = new Date(NOW.getTime() - minutesAgo * 60_000);
    const { rows } = await sql<{ id: number }>`insert into orders (site_id, user_id, menu_id, category_for, cafe_day,
        cafe_hour, status, type, sweetness, remark, tumbler_image, reject_note, order_date, updated_at, walk_up, guest_name)
      values (1, ${o.user}, ${o.menu}, ${o.venue}, ${cafeDayOf(placed, ZONE)}, ${cafeClock(placed, ZONE).hour},
        ${o.status}, 'hot', 50, '-', ${o.photo}, '', ${placed.toISOString()}, ${placed.toISOString()}, ${o.walkUp},
        ${o.guest ?? null}) returning id`.execute(db);
    into[key] = Number(rows[0]?.id);
  };
  const { user, barista } = written;
  await insert('reusedPhoto', { user, menu: latte, venue: 'cafe', status: 'picked', photo: image, walkUp: 0 }, 50);
  await insert('walkUp', { user, menu: latte, venue: 'cafe', status: 'picked', photo: '', walkUp: 1 }, 45);
  const guest = { user: barista, menu: latte, venue: 'cafe', status: 'picked', photo: '', walkUp: 1, guest: 'Visitor' };
  await insert('guestWalkUp', guest, 44);
  await insert('bar', { user, menu: mojito, venue: 'bar', status: 'picked', photo: image, walkUp: 0 }, 40);
  await insert('cancelled', { user, menu: latte, venue: 'cafe', status: 'cancel', photo: image, walkUp: 0 }, 35);
}

/**
 * Migration 032 on a database the release before wrote: every row is kept, no one is in a team or
 * a run, each online cafe order from before (its tumbler photo) was served in its owner's own cup,
 * and the cups saved are exactly its picked-up cafe orders with a photo.
 */
describe('migration 032: coffee runs and cups saved, on a database written by the release before', () => {
  let upgrade: Upgrade;
  let t: TestApp;
  const extra: Partial<Extra> = {};
  beforeAll(async () => {
    upgrade = await upgradeFrom(PREVIOUS_RELEASE, ['runs'], {
      extra: (db, written) => writeExtra(db, written, extra),
    });
    ({ t } = upgrade);
  });
  afterAll(() => t.close());

  const headers = async (id: number, role: 'user' | 'barista' | 'admin') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row of the release before; nobody is in a team, no run and no order in one', async () => {
    // The later columns are checked there: team and run_id null, own_cup as the rule below.
    await upgrade.expectRowsKept();
    expect((await rowsOf(upgrade.db(), 'users')).every((u) => u.team === null)).toBe(true);
    expect((await rowsOf(upgrade.db(), 'orders')).every((o) => o.run_id === null)).toBe(true);
  });

  it("marks the online cafe orders with their photo as served in the owner's own cup, and nothing else", async () => {
    const orders = await rowsOf(upgrade.db(), 'orders');
    expect(orders).toHaveLength(8);
    const ownCup = new Map(orders.map((o) => [Number(o.id), Number(o.own_cup)]));
    expect(ownCup.get(extra.reusedPhoto ?? 0)).toBe(1);
    expect(ownCup.get(extra.cancelled ?? 0)).toBe(1);
    expect(ownCup.get(extra.walkUp ?? 0)).toBe(0);
    expect(ownCup.get(extra.guestWalkUp ?? 0)).toBe(0);
    expect(ownCup.get(extra.bar ?? 0)).toBe(0);
    // writePreviousRelease's three cafe orders (picked, in-progress, rejected), each with its photo.
    expect(orders.filter((o) => o.category_for === 'cafe' && o.walk_up === 0).map((o) => o.own_cup)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('reads people and orders from before back through the API, without a team', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const users = await t.request('GET', '/api/user', admin);
    expect(users.statusCode, users.body).toBe(200);
    const before = users.json<User[]>().filter((u) => [upgrade.written.user, upgrade.written.barista].includes(u.id));
    expect(before).toEqual([
      expect.objectContaining({ name: 'Somchai', role: 'user', team: null }),
      expect.objectContaining({ name: 'Bea Barista', role: 'barista', team: null }),
    ]);
    const read = await t.app.inject({
      url: `/api/order/${upgrade.written.order}`,
      headers: await headers(upgrade.written.barista, 'barista'),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Order>()).toMatchObject({ status: 'in-progress', user: { name: 'Somchai' } });
  });

  it('counts as cups saved exactly the picked-up cafe orders with a photo', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const day = cafeDayOf(NOW, ZONE);
    const res = await t.request('GET', `/api/stats/cups-saved?startDate=2026-11-01&endDate=2026-12-01`, admin);
    expect(res.statusCode, res.body).toBe(200);
    // writePreviousRelease's picked order, and the second one showing the same photo.
    expect(res.json<CupsSavedStats>()).toMatchObject({
      cups: 2,
      bySite: [{ siteId: 1, cups: 2 }],
      byMonth: [{ month: day.slice(0, 7), cups: 2 }],
      byTeam: [{ team: null, cups: 2 }],
    });
    const mine = await t.app.inject({
      url: '/api/order/cups-saved/user',
      headers: await headers(upgrade.written.user, 'user'),
    });
    expect(mine.json()).toMatchObject({ thisMonth: 2, allTime: 2 });
  });
});
