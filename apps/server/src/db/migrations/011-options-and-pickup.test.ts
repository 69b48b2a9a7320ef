import { createHash, randomBytes } from 'node:crypto';
import { cafeClock, cafeDayOf, DEFAULT_PICKUP_SETTINGS, ORDER_STATUSES } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { withoutLaterColumns } from '../../test-support/later-columns';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { migrateToLatest } from '../migrate';

const ZONE = 'Asia/Bangkok';
const CAFE = { latitude: 13.7466, longitude: 100.5393, radiusKm: 1 };
/** The release before options and orders for later: every migration up to this one. */
const PREVIOUS_RELEASE = '010-site-menu';
const NOW = new Date('2026-11-20T05:00:00.000Z');
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

/**
 * A database as the release with sites wrote it: two sites, people at each, a menu served at
 * both (one item sold out at the second), photos, and orders in every status with their history.
 */
async function writePreviousRelease(db: Kysely<unknown>): Promise<{ admin: number; user: number; images: string[] }> {
  const at = '2026-11-01T02:00:00.000Z';
  const hash = await hashPassword('password-123');
  const insertUser = async (name: string, email: string, role: string, site: number) => {
    const { rows } = await sql<{ id: number }>`insert into users
        (name, email, password_hash, role, home_site_id, created_at, updated_at)
      values (${name}, ${email}, ${hash}, ${role}, ${site}, ${at}, ${at}) returning id`.execute(db);
    return Number(rows[0]?.id);
  };
  const { rows: second } = await sql<{ id: number }>`insert into sites
      (name, latitude, longitude, radius_km, time_zone, runs_cafe, runs_bar, is_cafe_open, is_bar_open,
       paused, created_at, updated_at)
    values ('Chiang Mai', 18.79, 98.98, 1, ${ZONE}, 1, 0, 1, 0, 0, ${at}, ${at}) returning id`.execute(db);
  const secondSite = Number(second[0]?.id);
  const admin = await insertUser('Ada Admin', 'ada@example.com', 'admin', 1);
  const barista = await insertUser('Bea Barista', 'bea@example.com', 'barista', 1);
  await sql`insert into site_baristas (site_id, user_id) values (1, ${barista})`.execute(db);
  const people: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    people.push(await insertUser(`Person ${i}`, `person${i}@example.com`, 'user', i % 2 === 0 ? 1 : secondSite));
  }
  const { rows: cat } = await sql<{
    id: number;
  }>`insert into categories (name, category_for, sort_order, created_at, updated_at)
    values ('Coffee', 'cafe', 0, ${at}, ${at}) returning id`.execute(db);
  const items: number[] = [];
  for (const name of ['Latte', 'Americano']) {
    const { rows } = await sql<{
      id: number;
    }>`insert into menu_items (category_id, name, description, created_at, updated_at)
      values (${Number(cat[0]?.id)}, ${name}, '', ${at}, ${at}) returning id`.execute(db);
    const id = Number(rows[0]?.id);
    items.push(id);
    for (const site of [1, secondSite]) {
      await sql`insert into site_menu_items (site_id, item_id, available, sold_out)
        values (${site}, ${id}, 1, ${site === secondSite && name === 'Americano' ? 1 : 0})`.execute(db);
    }
  }
  const images: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const data = randomBytes(1500 + i);
    const sha = createHash('sha256').update(data).digest('hex');
    const name = `${sha.slice(0, 32)}.webp`;
    await sql`insert into images (name, sha256, mime, width, height, bytes, data, uploaded_by, created_at)
      values (${name}, ${sha}, 'image/webp', 640, 480, ${data.length}, ${data}, ${people[i] ?? admin}, ${at})`.execute(
      db,
    );
    images.push(name);
  }
  for (let i = 0; i < 120; i += 1) {
    const placed = new Date(NOW.getTime() - (7 * 24 - (i % (7 * 24))) * 3_600_000);
    const status = STATUSES[i % STATUSES.length] ?? 'picked';
    const owner = people[i % people.length] ?? admin;
    const site = i % 2 === 0 ? 1 : secondSite;
    const placedIso = placed.toISOString();
    const { rows } = await sql<{ id: number }>`insert into orders (site_id, user_id, menu_id, category_for, cafe_day,
        cafe_hour, status, type, sweetness, remark, tumbler_image, reject_note, order_date, updated_at, walk_up)
      values (${site}, ${owner}, ${items[i % items.length] ?? 1}, 'cafe', ${cafeDayOf(placed, ZONE)},
        ${cafeClock(placed, ZONE).hour}, ${status}, 'hot', 50, ${i % 5 === 0 ? 'Oat milk please' : '-'},
        ${`/api/images/${images[i % images.length] ?? ''}`}, ${status === 'rejected' ? 'Machine Failure' : ''},
        ${placedIso}, ${placedIso}, 0) returning id`.execute(db);
    await sql`insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      values (${Number(rows[0]?.id)}, null, 'ordered', ${owner}, null, ${placedIso})`.execute(db);
  }
  return { admin, user: people[0] ?? admin, images };
}

describe('migration 011: drink options and orders for later, on a database written by the release before', () => {
  let t: TestApp;
  let written: Awaited<ReturnType<typeof writePreviousRelease>>;
  const before: Record<string, Row[]> = {};
  const tables = [
    ['users', 'id'],
    ['sites', 'id'],
    ['site_baristas', 'site_id, user_id'],
    ['categories', 'id'],
    ['menu_items', 'id'],
    ['site_menu_items', 'site_id, item_id'],
    ['orders', 'id'],
    ['order_status_history', 'id'],
    ['images', 'id'],
  ] as const;

  beforeAll(async () => {
    t = await createTestApp({
      clockNow: NOW.toISOString(),
      env: { CAFE_TIMEZONE: ZONE, CAFE_LAT: String(CAFE.latitude), CAFE_LNG: String(CAFE.longitude) },
      beforeBuild: async (handle) => {
        const options = {
          cafeTimezone: ZONE,
          firstSite: { ...CAFE, timeZone: ZONE },
          withWritableSqliteSchema: handle.withWritableSqliteSchema,
        };
        await migrateToLatest(handle.db, handle.dialect, options, PREVIOUS_RELEASE);
        const db = handle.db as unknown as Kysely<unknown>;
        written = await writePreviousRelease(db);
        for (const [table, key] of tables) before[table] = await rowsOf(db, table, key);
      },
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db as unknown as Kysely<unknown>;
  const as = async (id: number, role: 'admin' | 'barista' | 'user') => ({
    authorization: `Bearer ${await t.app.ctx.tokens.sign(id, role)}`,
  });

  it('keeps every row of every table as it was; the new columns are empty or the defaults', async () => {
    for (const [table, key] of tables) {
      const rows = withoutLaterColumns(table, await rowsOf(db(), table, key));
      const old = rows.map((row) => {
        const {
          pickup_at: pickup,
          slot_minutes: slot,
          lead_minutes: lead,
          days_ahead: days,
          slot_capacity: capacity,
          ...rest
        } = row;
        if (table === 'orders') expect(pickup).toBeNull();
        if (table === 'sites') {
          expect({ slot, lead, days, capacity }).toEqual({
            slot: DEFAULT_PICKUP_SETTINGS.slotMinutes,
            lead: DEFAULT_PICKUP_SETTINGS.leadMinutes,
            days: DEFAULT_PICKUP_SETTINGS.daysAhead,
            capacity: DEFAULT_PICKUP_SETTINGS.slotCapacity,
          });
        }
        return rest;
      });
      expect(old, table).toEqual(before[table]);
    }
    for (const table of ['option_groups', 'option_choices', 'order_options', 'site_option_choices']) {
      expect(await rowsOf(db(), table, '1'), table).toEqual([]);
    }
  });

  it('lets an order be scheduled, and still refuses a status the product does not know', async () => {
    const insert = (status: string) =>
      sql`insert into orders (site_id, user_id, menu_id, category_for, cafe_day, status, tumbler_image,
          order_date, updated_at, pickup_at)
        values (1, ${written.user}, 1, 'cafe', '2026-11-21', ${status}, '-', ${NOW.toISOString()},
          ${NOW.toISOString()}, '2026-11-21T03:30:00.000Z')`.execute(db());
    await expect(insert('scheduled')).resolves.toBeDefined();
    await expect(insert('lost')).rejects.toThrow();
    expect(ORDER_STATUSES).toContain('scheduled');
  });

  it('answers the orders, the statistics and the photos as before', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/order/history/user?startDate=2026-11-01&endDate=2026-12-01',
      headers: await as(written.user, 'user'),
    });
    const finished = (before.orders ?? []).filter(
      (o) => o.user_id === written.user && ['done', 'picked', 'cancel', 'rejected'].includes(String(o.status)),
    );
    expect(
      mine
        .json<{ id: number }[]>()
        .map((o) => o.id)
        .sort((a, b) => a - b),
    ).toEqual(finished.map((o) => Number(o.id)).sort((a, b) => a - b));
    const admin = await as(written.admin, 'admin');
    const total = await t.app.inject({
      method: 'GET',
      url: '/api/order/count/total?startDate=2026-11-01&endDate=2026-12-01&categoryFor=cafe',
      headers: admin,
    });
    const served = (before.orders ?? []).filter((o) => o.status === 'done' || o.status === 'picked').length;
    expect(total.json()).toEqual({ totalOrder: served });
    for (const name of written.images) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
      expect(res.statusCode).toBe(200);
      const stored = (before.images ?? []).find((r) => r.name === name);
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(stored?.data);
    }
  });
});
