import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connection';
import type { OptionsMigrationOptions } from './011-options-and-pickup';

const OLD_STATUSES = "'ordered','in-progress','done','picked','rejected','cancel','scheduled'";
const NEW_STATUSES = "'ordered','in-progress','done','picked','rejected','cancel','scheduled','uncollected'";

/**
 * The counter's day (issue 30, docs/decisions/0046-counter-day.md).
 *
 * - `orders.tumbler_missing_at`: when a barista marked the order's tumbler "not here" (null: not
 *   marked, or found again). The order is cancelled when the site's grace time has passed since.
 * - `orders.reminded_at`: when the owner of a finished drink was reminded to pick it up (once).
 * - The orders' status may now be `uncollected`: a finished drink nobody came for, marked so by a
 *   barista. As in migration 011, PostgreSQL replaces the CHECK constraint and SQLite's table
 *   definition is edited in place (no row is copied or touched).
 * - `sites`: the counter settings of each site (seconds): the tumbler's grace time (5 minutes,
 *   the specification's rule), the reminder of a drink not picked up, the time after which a
 *   barista may mark it not collected; and what the pickup screen shows of a person's name.
 * - `categories.kind`: coffee, tea or other, which the board's filter follows. Existing categories
 *   are filed by the words of their names as the board filed them before (English and Thai).
 * - `display_tokens`: the links of the pickup screens, by the hash of their token; a revoked one
 *   keeps its row.
 */
export function up(dialect: Dialect, options: OptionsMigrationOptions) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema.alterTable('orders').addColumn('tumbler_missing_at', 'varchar(32)').execute();
    await db.schema.alterTable('orders').addColumn('reminded_at', 'varchar(32)').execute();

    const siteColumn = async (name: string, type: 'integer' | 'varchar(16)', value: number | string) =>
      db.schema
        .alterTable('sites')
        .addColumn(name, type, (c) => c.notNull().defaultTo(value))
        .execute();
    await siteColumn('tumbler_grace_seconds', 'integer', 300);
    await siteColumn('ready_reminder_seconds', 'integer', 600);
    await siteColumn('uncollected_after_seconds', 'integer', 1800);
    await siteColumn('display_names', 'varchar(16)', 'first-initial');

    await db.schema
      .alterTable('categories')
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('other'))
      .execute();
    // The Thai words go as parameters: text in a template stays as written in the bundle, and one
    // character beyond Latin-1 makes the server's whole source a two-byte string in memory.
    await sql`update categories set kind = 'coffee'
      where lower(name) like '%coffee%' or name like ${'%กาแฟ%'}`.execute(db);
    await sql`update categories set kind = 'tea'
      where kind = 'other' and (lower(name) like '%tea%' or name like ${'%ชา%'})`.execute(db);

    await db.schema
      .createTable('display_tokens')
      .addColumn('id', idType, id)
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('label', 'varchar(80)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('display_tokens_site').on('display_tokens').column('site_id').execute();

    if (pg) {
      await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
      await sql
        .raw(`alter table orders add constraint orders_status_check check (status in (${NEW_STATUSES}))`)
        .execute(db);
      return;
    }
    const edit = options.withWritableSqliteSchema;
    if (!edit) throw new Error('Migration 015 on SQLite needs the connection to allow the schema edit');
    await edit(async () => {
      const { rows } = await sql<{ schema_version: number }>`pragma schema_version`.execute(db);
      const version = Number(rows[0]?.schema_version ?? 0);
      await sql`pragma writable_schema = on`.execute(db);
      await sql`update sqlite_schema set sql = replace(sql, ${OLD_STATUSES}, ${NEW_STATUSES})
        where type = 'table' and name = 'orders'`.execute(db);
      await sql.raw(`pragma schema_version = ${version + 1}`).execute(db);
      await sql`pragma writable_schema = off`.execute(db);
    });
    const { rows } = await sql<{
      sql: string;
    }>`select sql from sqlite_schema where type = 'table' and name = 'orders'`.execute(db);
    if (!rows[0]?.sql.includes("'uncollected'"))
      throw new Error('Migration 015: the orders status rule was not widened');
  };
}
