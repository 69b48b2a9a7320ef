import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/** What this migration needs of the deployment: the cafe as the environment described it so far. */
export interface SitesMigrationOptions {
  firstSite: { latitude: number; longitude: number; radiusKm: number; timeZone: string };
}

/** The name the first site gets; admins rename it in the app. */
export const FIRST_SITE_NAME = 'Head office';

/**
 * Several cafes and bars in one deployment (docs/decisions/0027-sites.md). Everything that was "the
 * cafe" becomes a row of `sites`, and the one counter there was so far becomes its first row:
 *
 * - `sites`: name, position and order radius, time zone, which venues it runs, its shop status
 *   (from `shop_status`) and busy mode (from `ordering_settings`), archived or not. The position,
 *   radius and zone of the first site come from CAFE_LAT, CAFE_LNG, ORDER_RADIUS_KM and
 *   CAFE_TIMEZONE, which are only the first site's defaults from now on.
 * - `site_baristas`: which baristas work at which site; every barista works at the first site.
 * - `users.home_site_id`: the site a person orders at; everyone there is now is at the first site.
 *   Null for a person who has not chosen one yet (the first active site serves them meanwhile).
 * - `orders.site_id`: where an order was placed; every order so far was placed at the first site.
 *   `cafe_day` and `cafe_hour` are in that site's zone, as they were in CAFE_TIMEZONE before.
 * - `schedule_weekly` and `schedule_closed_days` gain the site in their keys (SQLite cannot change
 *   a primary key: both are made anew and copied); the keys of `schedule_runs` name the site too,
 *   so the changes already handled are not handled again.
 * - `shop_status`, `ordering_settings` (moved into `sites`) and `settings` (never used) go.
 */
export function up(dialect: Dialect, options: SitesMigrationOptions) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());
    const real = pg ? 'double precision' : 'real';
    const now = new Date().toISOString();

    await db.schema
      .createTable('sites')
      .addColumn('id', idType, id)
      .addColumn('name', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('latitude', real, (c) => c.notNull())
      .addColumn('longitude', real, (c) => c.notNull())
      .addColumn('radius_km', real, (c) => c.notNull())
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      .addColumn('runs_cafe', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('runs_bar', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_cafe_open', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_bar_open', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status_updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('status_updated_at', 'varchar(32)')
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_waiting', 'integer')
      .addColumn('max_wait_minutes', 'integer')
      .addColumn('busy_updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('busy_updated_at', 'varchar(32)')
      .addColumn('archived_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    const { rows: statusRows } = await sql<{
      is_cafe_open: number;
      is_bar_open: number;
      updated_by: number | null;
      updated_at: string;
    }>`select is_cafe_open, is_bar_open, updated_by, updated_at from shop_status where id = 1`.execute(db);
    const { rows: busyRows } = await sql<{
      paused: number;
      max_waiting: number | null;
      max_wait_minutes: number | null;
      updated_by: number | null;
      updated_at: string | null;
    }>`select paused, max_waiting, max_wait_minutes, updated_by, updated_at from ordering_settings where id = 1`.execute(
      db,
    );
    const status = statusRows[0];
    const busy = busyRows[0];
    const first = options.firstSite;
    await db
      .insertInto('sites' as never)
      .values({
        name: FIRST_SITE_NAME,
        latitude: first.latitude,
        longitude: first.longitude,
        radius_km: first.radiusKm,
        time_zone: first.timeZone,
        runs_cafe: 1,
        runs_bar: 1,
        is_cafe_open: status?.is_cafe_open ?? 0,
        is_bar_open: status?.is_bar_open ?? 0,
        status_updated_by: status?.updated_by ?? null,
        status_updated_at: status?.updated_at ?? null,
        paused: busy?.paused ?? 0,
        max_waiting: busy?.max_waiting ?? null,
        max_wait_minutes: busy?.max_wait_minutes ?? null,
        busy_updated_by: busy?.updated_by ?? null,
        busy_updated_at: busy?.updated_at ?? null,
        archived_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { rows: siteRows } = await sql<{ id: number }>`select min(id) as id from sites`.execute(db);
    const firstId = Number(siteRows[0]?.id ?? 1);

    await db.schema
      .createTable('site_baristas')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('site_baristas_pk', ['site_id', 'user_id'])
      .execute();
    await db.schema.createIndex('site_baristas_user').on('site_baristas').column('user_id').execute();
    await sql`insert into site_baristas (site_id, user_id) select ${firstId}, id from users where role = 'barista'`.execute(
      db,
    );

    // SQLite adds a column with a REFERENCES clause only when its default is NULL: the site of an
    // order is kept by the code there, by a foreign key on PostgreSQL.
    await db.schema
      .alterTable('users')
      .addColumn('home_site_id', 'integer', (c) => (pg ? c.references('sites.id') : c))
      .execute();
    await sql`update users set home_site_id = ${firstId}`.execute(db);

    await db.schema
      .alterTable('orders')
      .addColumn('site_id', 'integer', (c) => {
        const column = c.notNull().defaultTo(firstId);
        return pg ? column.references('sites.id') : column;
      })
      .execute();
    // The queue and the board read one site's orders of one day.
    await db.schema
      .createIndex('orders_site_day_status')
      .on('orders')
      .columns(['site_id', 'cafe_day', 'status'])
      .execute();
    // The statistics' covering index also carries the site, for the dashboards of one site.
    await db.schema.dropIndex('orders_served_stats').execute();
    await db.schema
      .createIndex('orders_served_stats')
      .on('orders')
      .columns(['status', 'cafe_day', 'category_for', 'cafe_hour', 'menu_id', 'id', 'wait_ms', 'prep_ms', 'site_id'])
      .execute();

    await db.schema
      .createTable('schedule_weekly_by_site')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('venue', 'varchar(8)', (c) => c.notNull().check(sql`venue in ('cafe','bar')`))
      .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
      .addColumn('opens', 'varchar(5)', (c) => c.notNull())
      .addColumn('closes', 'varchar(5)', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('schedule_weekly_site_pk', ['site_id', 'venue', 'weekday'])
      .execute();
    await sql`insert into schedule_weekly_by_site (site_id, venue, weekday, opens, closes, updated_by, updated_at)
      select ${firstId}, venue, weekday, opens, closes, updated_by, updated_at from schedule_weekly`.execute(db);
    await db.schema.dropTable('schedule_weekly').execute();
    await db.schema.alterTable('schedule_weekly_by_site').renameTo('schedule_weekly').execute();

    await db.schema
      .createTable('schedule_closed_days_by_site')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('schedule_closed_days_site_pk', ['site_id', 'day'])
      .execute();
    await sql`insert into schedule_closed_days_by_site (site_id, day, note, created_by, created_at)
      select ${firstId}, day, note, created_by, created_at from schedule_closed_days`.execute(db);
    await db.schema.dropTable('schedule_closed_days').execute();
    await db.schema.alterTable('schedule_closed_days_by_site').renameTo('schedule_closed_days').execute();

    // change:<instant> -> change:<site>:<instant>, warning:<venue>:<instant> -> warning:<site>:<venue>:<instant>.
    await sql`update schedule_runs set key = cast(${`change:${firstId}:`} as varchar(80)) || substr(key, 8) where key like 'change:%'`.execute(
      db,
    );
    await sql`update schedule_runs set key = cast(${`warning:${firstId}:`} as varchar(80)) || substr(key, 9) where key like 'warning:%'`.execute(
      db,
    );

    await db.schema.dropTable('shop_status').execute();
    await db.schema.dropTable('ordering_settings').execute();
    await db.schema.dropTable('settings').execute();

    // The planners learn about the new column and indexes now, not at the next automatic analysis.
    await sql`analyze orders`.execute(db);
  };
}
