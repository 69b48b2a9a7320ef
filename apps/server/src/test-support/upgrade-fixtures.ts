import { createHash, randomBytes } from 'node:crypto';
import { cafeClock, cafeDayOf } from '@cafe/shared';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../lib/password';
import { MOVED_TABLES, withoutLaterColumns, withoutLaterRows } from './later-columns';
import { createTestApp, type TestApp } from './test-app';

/**
 * A database as the releases since drink options (migration 011) wrote it, for the upgrade tests
 * of the migrations after: people, a browser subscribed, a menu, options, orders, a photo.
 */

export const ZONE = 'Asia/Bangkok';
export const CAFE = { latitude: 13.7466, longitude: 100.5393, radiusKm: 1 };
export const NOW = new Date('2026-11-20T03:00:00.000Z');
/** Written by the server when it starts (its shared secrets), not by the release before. */
const STARTUP_TABLES = ['app_secrets'];

export type Row = Record<string, unknown>;

/** The tables of the database but `skip` and the migrator's own, by name. */
export async function tablesOf(db: Kysely<unknown>, dialect: string, skip: readonly string[] = []): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows
    .map((r) => r.name)
    .filter((name) => !name.startsWith('kysely_') && !skip.includes(name) && !STARTUP_TABLES.includes(name))
    .sort();
}

/** Every row of a table, in a stable order, as plain values (numbers as numbers on both engines). */
export async function rowsOf(db: Kysely<unknown>, table: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return rows
    .map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          Buffer.isBuffer(v) ? createHash('sha256').update(v).digest('hex') : typeof v === 'bigint' ? Number(v) : v,
        ]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** A database as the release with drink options wrote it: people, a browser subscribed, a menu, options, orders, a photo. */
export async function writePreviousRelease(
  db: Kysely<unknown>,
): Promise<{ user: number; barista: number; order: number }> {
  const at = '2026-11-19T02:00:00.000Z';
  const hash = await hashPassword('password-123');
  const insertUser = async (name: string, email: string, role: string) => {
    const { rows } = await sql<{ id: number }>`insert into users
        (name, email, password_hash, role, home_site_id, created_at, updated_at)
      values (${name}, ${email}, ${hash}, ${role}, 1, ${at}, ${at}) returning id`.execute(db);
    return Number(rows[0]?.id);
  };
  const user = await insertUser('Somchai', 'somchai@example.com', 'user');
  const barista = await insertUser('Bea Barista', 'bea@example.com', 'barista');
  await sql`insert into site_baristas (site_id, user_id) values (1, ${barista})`.execute(db);
  await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
    values (${user}, 'https://push.example.com/somchai', ${randomBytes(65).toString('base64url')},
      ${randomBytes(16).toString('base64url')}, ${at})`.execute(db);
  const { rows: cat } = await sql<{
    id: number;
  }>`insert into categories (name, category_for, sort_order, created_at, updated_at)
    values ('Coffee', 'cafe', 0, ${at}, ${at}) returning id`.execute(db);
  const { rows: item } = await sql<{
    id: number;
  }>`insert into menu_items (category_id, name, description, created_at, updated_at)
    values (${Number(cat[0]?.id)}, 'Latte', '', ${at}, ${at}) returning id`.execute(db);
  const itemId = Number(item[0]?.id);
  await sql`insert into site_menu_items (site_id, item_id, available, sold_out) values (1, ${itemId}, 1, 0)`.execute(
    db,
  );
  const { rows: group } = await sql<{
    id: number;
  }>`insert into option_groups (name, min_choices, max_choices, created_at, updated_at)
    values ('Milk', 0, 1, ${at}, ${at}) returning id`.execute(db);
  const { rows: choice } = await sql<{ id: number }>`insert into option_choices (group_id, name, created_at, updated_at)
    values (${Number(group[0]?.id)}, 'Oat', ${at}, ${at}) returning id`.execute(db);
  const data = randomBytes(1200);
  const sha = createHash('sha256').update(data).digest('hex');
  const image = `${sha.slice(0, 32)}.webp`;
  await sql`insert into images (name, sha256, mime, width, height, bytes, data, uploaded_by, created_at)
    values (${image}, ${sha}, 'image/webp', 640, 480, ${data.length}, ${data}, ${user}, ${at})`.execute(db);
  let order = 0;
  for (const [i, status] of (['picked', 'in-progress', 'rejected'] as const).entries()) {
    const placed = new Date(NOW.getTime() - (3 - i) * 600_000).toISOString();
    const { rows } = await sql<{ id: number }>`insert into orders (site_id, user_id, menu_id, category_for, cafe_day,
        cafe_hour, status, type, sweetness, remark, tumbler_image, reject_note, order_date, updated_at, walk_up, taken_at)
      values (1, ${user}, ${itemId}, 'cafe', ${cafeDayOf(new Date(placed), ZONE)}, ${cafeClock(new Date(placed), ZONE).hour},
        ${status}, 'hot', 50, '-', ${`/api/images/${image}`}, ${status === 'rejected' ? 'Machine Failure' : ''},
        ${placed}, ${placed}, 0, ${status === 'rejected' ? null : placed}) returning id`.execute(db);
    const id = Number(rows[0]?.id);
    await sql`insert into order_status_history (order_id, from_status, to_status, changed_by, note, changed_at)
      values (${id}, null, 'ordered', ${user}, null, ${placed})`.execute(db);
    await sql`insert into order_options (order_id, group_id, group_name, choice_id, choice_name, quantity)
      values (${id}, ${Number(group[0]?.id)}, 'Milk', ${Number(choice[0]?.id)}, 'Oat', 1)`.execute(db);
    if (status === 'in-progress') order = id;
  }
  return { user, barista, order };
}

export type Written = Awaited<ReturnType<typeof writePreviousRelease>>;

/** A test app started on a database the release before wrote, with what it held then. */
export interface Upgrade {
  t: TestApp;
  written: Written;
  /** The tables the release before had, and their rows then. */
  tables: string[];
  before: Record<string, Row[]>;
  db(): Kysely<unknown>;
  /**
   * Every table of the release before is still there with the same rows (columns later releases
   * added aside, checked for their value), and the release's new tables start empty.
   */
  expectRowsKept(): Promise<void>;
}

/**
 * Migrates a new database up to `previous`, writes what that release held (`writePreviousRelease`,
 * then `extra`), and starts the app on it: every migration after `previous` runs then, as an
 * upgrade does. `newTables` are the upgrade's own tables.
 */
export async function upgradeFrom(
  previous: string,
  newTables: readonly string[],
  options: { env?: Record<string, string>; extra?: (db: Kysely<unknown>, written: Written) => Promise<void> } = {},
): Promise<Upgrade> {
  let written: Written | undefined;
  let tables: string[] = [];
  const before: Record<string, Row[]> = {};
  const t = await createTestApp({
    clockNow: NOW.toISOString(),
    env: { CAFE_TIMEZONE: ZONE, CAFE_LAT: String(CAFE.latitude), CAFE_LNG: String(CAFE.longitude), ...options.env },
    beforeBuild: async (handle) => {
      const migration = {
        cafeTimezone: ZONE,
        firstSite: { ...CAFE, timeZone: ZONE },
        withWritableSqliteSchema: handle.withWritableSqliteSchema,
      };
      await migrateToLatest(handle.db, handle.dialect, migration, previous);
      const db = handle.db as unknown as Kysely<unknown>;
      written = await writePreviousRelease(db);
      await options.extra?.(db, written);
      tables = await tablesOf(db, handle.dialect, newTables);
      for (const table of tables) before[table] = await rowsOf(db, table);
    },
  });
  if (!written) throw new Error('the release before wrote nothing');
  const db = () => t.app.ctx.db as unknown as Kysely<unknown>;
  return {
    t,
    written,
    tables,
    before,
    db,
    async expectRowsKept() {
      // Every table is still there (later releases add their own), but those a later release moved.
      const still = tables.filter((table) => !MOVED_TABLES.has(table));
      expect(await tablesOf(db(), t.app.ctx.dialect, newTables)).toEqual(expect.arrayContaining(still));
      for (const table of still) {
        const kept = new Set(Object.keys(before[table]?.[0] ?? {}));
        const rows = withoutLaterRows(table, await rowsOf(db(), table), before[table] ?? []);
        expect(withoutLaterColumns(table, rows, kept), table).toEqual(before[table]);
      }
      for (const table of newTables) {
        expect(withoutLaterRows(table, await rowsOf(db(), table), []), table).toEqual([]);
      }
    },
  };
}
