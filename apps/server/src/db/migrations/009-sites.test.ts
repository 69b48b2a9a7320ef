import { createHash, randomBytes } from 'node:crypto';
import { cafeClock, cafeDayOf } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { withoutLaterColumns } from '../../test-support/later-columns';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { migrateToLatest } from '../migrate';

const ZONE = 'Asia/Bangkok';
const CAFE = { latitude: 13.7466, longitude: 100.5393, radiusKm: 1 };
/** The release before sites: every migration up to this one. */
const PREVIOUS_RELEASE = '008-schedule';
/** The data is written over three weeks before this instant. */
const NOW = new Date('2026-03-20T05:00:00.000Z');
const STATUSES = ['picked', 'done', 'picked', 'rejected', 'cancel', 'picked', 'in-progress', 'ordered'] as const;

type Row = Record<string, unknown>;

/** Every row of a table, in key order, as plain values (numbers as numbers on both engines). */
async function rowsOf(db: Kysely<unknown>, table: string, orderBy: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)} order by ${sql.raw(orderBy)}`.execute(db);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        Buffer.isBuffer(v) ? createHash('sha256').update(v).digest('hex') : typeof v === 'bigint' ? Number(v) : v,
      ]),
    ),
  );
}

async function count(db: Kysely<unknown>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n);
}

/**
 * A database as the release before sites wrote it, with what an office's cafe holds after three
 * weeks: people, a menu, photos, orders in every status with their history and times, walk-up and
 * guest orders, push subscriptions, sessions, a changed schedule with closed days and handled
 * runs, the cafe open and busy-mode limits set.
 */
async function writePreviousRelease(
  db: Kysely<unknown>,
): Promise<{ admin: number; barista: number; user: number; images: string[] }> {
  const at = '2026-02-01T02:00:00.000Z';
  const hash = await hashPassword('password-123');
  const insertUser = async (name: string, email: string, role: string) => {
    const { rows } = await sql<{
      id: number;
    }>`insert into users (name, email, password_hash, role, created_at, updated_at)
      values (${name}, ${email}, ${hash}, ${role}, ${at}, ${at}) returning id`.execute(db);
    return Number(rows[0]?.id);
  };
  const admin = await insertUser('Ada Admin', 'ada@example.com', 'admin');
  const barista = await insertUser('Bea Barista', 'bea@example.com', 'barista');
  const people: number[] = [];
  for (let i = 0; i < 30; i += 1) people.push(await insertUser(`Person ${i}`, `person${i}@example.com`, 'user'));

  const category = async (name: string, venue: string, order: number) => {
    const { rows } = await sql<{
      id: number;
    }>`insert into categories (name, category_for, sort_order, created_at, updated_at)
      values (${name}, ${venue}, ${order}, ${at}, ${at}) returning id`.execute(db);
    return Number(rows[0]?.id);
  };
  const coffee = await category('Coffee', 'cafe', 0);
  const tea = await category('Tea', 'cafe', 1);
  const cocktails = await category('Cocktails', 'bar', 2);
  const item = async (categoryId: number, name: string) => {
    const { rows } = await sql<{
      id: number;
    }>`insert into menu_items (category_id, name, description, created_at, updated_at)
      values (${categoryId}, ${name}, ${`${name} as we make it`}, ${at}, ${at}) returning id`.execute(db);
    return { id: Number(rows[0]?.id), venue: categoryId === cocktails ? 'bar' : 'cafe' };
  };
  const items = [
    await item(coffee, 'Latte'),
    await item(coffee, 'Americano'),
    await item(tea, 'Thai Tea'),
    await item(cocktails, 'Mojito'),
  ];

  const images: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const data = randomBytes(2000 + i);
    const sha = createHash('sha256').update(data).digest('hex');
    const name = `${sha.slice(0, 32)}.webp`;
    await sql`insert into images (name, sha256, mime, width, height, bytes, data, uploaded_by, created_at)
      values (${name}, ${sha}, 'image/webp', 640, 480, ${data.length}, ${data}, ${people[i] ?? admin}, ${at})`.execute(
      db,
    );
    images.push(name);
  }

  // 400 orders over the three weeks before NOW, in every status.
  for (let i = 0; i < 400; i += 1) {
    const placed = new Date(NOW.getTime() - (21 * 24 - (i % (21 * 24))) * 3_600_000 + (i % 7) * 60_000);
    const status = STATUSES[i % STATUSES.length] ?? 'picked';
    const chosen = items[i % items.length] ?? items[0];
    if (!chosen) throw new Error('no items');
    const bar = chosen.venue === 'bar';
    const owner = people[i % people.length] ?? admin;
    const taken = ['in-progress', 'done', 'picked'].includes(status) ? new Date(placed.getTime() + 120_000) : null;
    const done = ['done', 'picked'].includes(status) ? new Date(placed.getTime() + 330_000) : null;
    const placedIso = placed.toISOString();
    const { rows } = await sql<{
      id: number;
    }>`insert into orders (user_id, menu_id, category_for, cafe_day, cafe_hour, status, type,
        sweetness, remark, tumbler_image, reject_note, order_date, updated_at, idempotency_key, idempotency_fingerprint,
        taken_at, done_at, wait_ms, prep_ms, walk_up, guest_name)
      values (${owner}, ${chosen.id}, ${chosen.venue}, ${cafeDayOf(placed, ZONE)}, ${cafeClock(placed, ZONE).hour}, ${status},
        ${bar ? null : 'cold'}, ${bar ? null : 50}, ${i % 5 === 0 ? 'Less ice' : '-'},
        ${bar ? 'Mojito' : `/api/images/${images[i % images.length] ?? ''}`},
        ${status === 'rejected' ? 'Machine Failure' : ''}, ${placedIso}, ${(done ?? taken ?? placed).toISOString()},
        ${i % 9 === 0 ? `key-${i}` : null}, ${i % 9 === 0 ? `fp-${i}` : null},
        ${taken?.toISOString() ?? null}, ${done?.toISOString() ?? null}, ${taken ? 120_000 : null}, ${done ? 210_000 : null},
        ${i % 11 === 0 ? 1 : 0}, ${i % 22 === 0 ? 'Guest' : null})
      returning id`.execute(db);
    const orderId = Number(rows[0]?.id);
    await sql`insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      values (${orderId}, null, 'ordered', ${owner}, null, ${placedIso})`.execute(db);
    if (taken) {
      await sql`insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
        values (${orderId}, 'ordered', 'in-progress', ${barista}, null, ${taken.toISOString()})`.execute(db);
    }
  }

  for (let i = 0; i < 5; i += 1) {
    await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      values (${people[i] ?? admin}, ${`https://push.example.com/${i}`}, ${`key-${i}`}, ${`auth-${i}`}, ${at})`.execute(
      db,
    );
  }
  await sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at, created_at)
    values (${people[0] ?? admin}, 'family-1', 'hash-1', '2026-04-01T00:00:00.000Z', ${at})`.execute(db);

  // The release before wrote this row at its first start (ensureBaseData).
  await sql`insert into shop_status (id, is_cafe_open, is_bar_open, updated_by, updated_at) values (1, 1, 0, ${barista}, ${at})`.execute(
    db,
  );
  await sql`update ordering_settings set paused = 0, max_waiting = 12, max_wait_minutes = 25, updated_by = ${barista}, updated_at = ${at} where id = 1`.execute(
    db,
  );
  await sql`update schedule_weekly set opens = '08:30', closes = '17:00' where venue = 'cafe' and weekday = 1`.execute(
    db,
  );
  await sql`insert into schedule_closed_days (day, note, created_by, created_at) values ('2026-04-06', 'Chakri Day', ${barista}, ${at})`.execute(
    db,
  );
  await sql`insert into schedule_closed_days (day, note, created_by, created_at) values ('2026-04-13', 'Songkran', ${barista}, ${at})`.execute(
    db,
  );
  await sql`insert into schedule_runs (key, kind, scheduled_at, outcome, created_at)
    values ('change:2026-03-20T02:00:00.000Z', 'change', '2026-03-20T02:00:00.000Z', 'applied', ${at})`.execute(db);
  await sql`insert into schedule_runs (key, kind, scheduled_at, outcome, created_at)
    values ('warning:cafe:2026-03-19T09:00:00.000Z', 'warning', '2026-03-19T09:00:00.000Z', 'sent', ${at})`.execute(db);
  return { admin, barista, user: people[0] ?? admin, images };
}

describe('migration 009: sites, on a database written by the release before', () => {
  let t: TestApp;
  let written: Awaited<ReturnType<typeof writePreviousRelease>>;
  const before: Record<string, unknown> = {};
  const tables = [
    'users',
    'categories',
    'menu_items',
    'orders',
    'order_status_history',
    'images',
    'push_subscriptions',
    'refresh_tokens',
  ];

  beforeAll(async () => {
    t = await createTestApp({
      clockNow: NOW.toISOString(),
      env: {
        CAFE_TIMEZONE: ZONE,
        CAFE_LAT: String(CAFE.latitude),
        CAFE_LNG: String(CAFE.longitude),
        ORDER_RADIUS_KM: String(CAFE.radiusKm),
      },
      beforeBuild: async (handle) => {
        const options = { cafeTimezone: ZONE, firstSite: { ...CAFE, timeZone: ZONE } };
        await migrateToLatest(handle.db, handle.dialect, options, PREVIOUS_RELEASE);
        const db = handle.db as unknown as Kysely<unknown>;
        written = await writePreviousRelease(db);

        for (const table of tables) before[`count:${table}`] = await count(db, table);
        before.orders = await rowsOf(db, 'orders', 'id');
        before.images = await rowsOf(db, 'images', 'id');
        before.weekly = await rowsOf(db, 'schedule_weekly', 'weekday, venue');
        before.closedDays = await rowsOf(db, 'schedule_closed_days', 'day');
        // The statistics as the previous release counted them: served orders of the period, per item.
        const { rows: served } = await sql<{ menu_id: number; n: number | string }>`
          select menu_id, count(*) as n from orders
          where status in ('done', 'picked') and cafe_day >= '2026-03-01' and cafe_day < '2026-04-01' and category_for = 'cafe'
          group by menu_id order by menu_id`.execute(db);
        before.served = served.map((r) => ({ menu_id: Number(r.menu_id), n: Number(r.n) }));
      },
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db as unknown as Kysely<unknown>;
  const as = async (id: number, role: 'admin' | 'barista' | 'user') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every person, item, order, history entry, photo, push subscription and session', async () => {
    for (const table of tables) expect(await count(db(), table), table).toBe(before[`count:${table}`]);
    const orders = await rowsOf(db(), 'orders', 'id');
    expect(
      withoutLaterColumns('orders', orders).map(({ site_id: _site, pickup_at: _pickup, ...rest }) => rest),
    ).toEqual(before.orders);
    expect(new Set(orders.map((o) => o.site_id))).toEqual(new Set([1]));
    // Migration 010: the first site serves every item of the menu, none sold out.
    const served = await rowsOf(db(), 'site_menu_items', 'item_id');
    expect(served.map((r) => [r.site_id, r.available, r.sold_out])).toEqual(
      Array.from({ length: Number(before['count:menu_items']) }, () => [1, 1, 0]),
    );
    expect(await rowsOf(db(), 'images', 'id')).toEqual(before.images);
  });

  it('makes one site of the cafe as it was: its position, zone, shop status and busy limits', async () => {
    const sites = await t.app.inject({ method: 'GET', url: '/api/sites' });
    expect(sites.json()).toEqual([
      {
        id: 1,
        name: 'Head office',
        ...CAFE,
        timeZone: ZONE,
        venues: { cafe: true, bar: true },
        status: { isCafeOpen: true, isBarOpen: false },
        archived: false,
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/cafe-status' })).json()).toEqual({
      isCafeOpen: true,
      isBarOpen: false,
    });
    const busy = await t.app.inject({ method: 'GET', url: '/api/ordering-status' });
    expect(busy.json()).toMatchObject({ limits: { maxWaiting: 12, maxWaitMinutes: 25 } });
  });

  it('keeps the weekly hours, the closed days, and what the opening hours already did', async () => {
    const weekly = await rowsOf(db(), 'schedule_weekly', 'weekday, venue');
    expect(weekly.map(({ site_id: _site, ...rest }) => rest)).toEqual(before.weekly);
    const closed = await rowsOf(db(), 'schedule_closed_days', 'day');
    expect(closed.map(({ site_id: _site, ...rest }) => rest)).toEqual(before.closedDays);
    const schedule = (await t.app.inject({ method: 'GET', url: '/api/schedule' })).json<{
      weekly: unknown[];
      closedDays: unknown[];
    }>();
    expect(schedule.weekly).toContainEqual({ venue: 'cafe', weekday: 1, opens: '08:30', closes: '17:00' });
    expect(schedule.closedDays).toEqual([
      { day: '2026-04-06', note: 'Chakri Day' },
      { day: '2026-04-13', note: 'Songkran' },
    ]);
    const runs = await rowsOf(db(), 'schedule_runs', 'key');
    expect(runs.map((r) => r.key)).toEqual([
      'change:1:2026-03-20T02:00:00.000Z',
      'warning:1:cafe:2026-03-19T09:00:00.000Z',
    ]);
  });

  it('answers the statistics as before', async () => {
    const admin = await as(written.admin, 'admin');
    const served = before.served as { menu_id: number; n: number }[];
    const total = await t.app.inject({
      method: 'GET',
      url: '/api/order/count/total?startDate=2026-03-01&endDate=2026-04-01&categoryFor=cafe',
      headers: admin,
    });
    expect(total.json()).toEqual({ totalOrder: served.reduce((sum, r) => sum + r.n, 0) });
    const popular = await t.app.inject({
      method: 'GET',
      url: '/api/order/find/popular-menu?startDate=2026-03-01&endDate=2026-04-01&categoryFor=cafe',
      headers: admin,
    });
    const counts = popular.json<{ totalOrder: number }[]>().map((r) => r.totalOrder);
    expect(counts.sort((a, b) => a - b)).toEqual(served.map((r) => r.n).sort((a, b) => a - b));
  });

  it('serves every photo with the same bytes', async () => {
    for (const name of written.images) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
      expect(res.statusCode).toBe(200);
      const stored = (before.images as Row[]).find((r) => r.name === name);
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(stored?.data);
    }
  });

  it('keeps the barista at work at the site and everyone at home there', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: await as(written.user, 'user') });
    expect(me.json()).toMatchObject({ homeSiteId: 1 });
    const close = await t.app.inject({
      method: 'PATCH',
      url: '/api/cafe-status/close-both',
      headers: await as(written.barista, 'barista'),
    });
    expect(close.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email: 'person3@example.com', password: 'password-123' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
