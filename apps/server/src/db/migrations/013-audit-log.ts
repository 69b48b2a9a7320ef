import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The audit log of administrative actions (issue 21, docs/decisions/0032-audit-log.md): one row per
 * change an admin or a barista made to people, sites, the menu, the options, the shop status, busy
 * mode, the opening hours or the pickup settings; who, when, and the fields it changed before and
 * after. Rows are only ever added: no route edits or removes them.
 *
 * - `actor_id` is null for a change nobody made; it is set to null when the account is removed, and
 *   `actor_name` (the name at the time) still says who it was.
 * - `target_type` and `target_id` name what changed (`user` 12, `site` 3, `closed-day` 2026-12-25);
 *   `site_id` the site the change was made at, when it was made at one.
 * - `before` and `after` are JSON objects of the changed fields only (null: it did not exist yet, or
 *   no longer does).
 *
 * Only a new table: no existing row is read or changed.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema
      .createTable('audit_log')
      .addColumn('id', idType, id)
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('actor_name', 'varchar(60)', (c) => c.notNull())
      .addColumn('action', 'varchar(40)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(24)', (c) => c.notNull())
      .addColumn('target_id', 'varchar(40)')
      .addColumn('site_id', 'integer')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  };
}
