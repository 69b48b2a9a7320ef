import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

export interface OptionsMigrationOptions {
  /** SQLite: lets the migration loosen the orders' status CHECK in place (connection.ts). */
  withWritableSqliteSchema?: <T>(edit: () => Promise<T>) => Promise<T>;
}

const OLD_STATUSES = "'ordered','in-progress','done','picked','rejected','cancel'";
const NEW_STATUSES = "'ordered','in-progress','done','picked','rejected','cancel','scheduled'";

/**
 * Drink options and orders for later (issue 19, docs/decisions/0028-options-and-pickup.md).
 *
 * - `option_groups` / `option_choices`: the company's groups of choices (size, milk, syrups), each
 *   choice in its place; a retired group or choice keeps its row (orders name it) but is offered
 *   no more.
 * - `menu_item_option_groups`: which groups an item carries, in order, with the item's own
 *   minimum, maximum and defaults (null: the group's).
 * - `site_option_choices`: a choice sold out at a site (a row only while it is, or was, set).
 * - `order_options`: what an order chose, with the names as they were then.
 * - `sites`: each site's pickup settings; `orders.pickup_at`: the slot of an order for later.
 * - The orders' status may now be `scheduled`. PostgreSQL replaces the CHECK constraint; SQLite
 *   cannot alter one, so its table definition is edited in place as SQLite documents for
 *   loosening a constraint (no row is copied or touched: the rule only accepts one more value).
 */
export function up(dialect: Dialect, options: OptionsMigrationOptions) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    const idType = pg ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

    await db.schema
      .createTable('option_groups')
      .addColumn('id', idType, id)
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('min_choices', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_choices', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('max_quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('retired_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('option_choices')
      .addColumn('id', idType, id)
      .addColumn('group_id', 'integer', (c) => c.notNull().references('option_groups.id'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retired_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('option_choices_group').on('option_choices').column('group_id').execute();

    await db.schema
      .createTable('menu_item_option_groups')
      .addColumn('item_id', 'integer', (c) => c.notNull().references('menu_items.id'))
      .addColumn('group_id', 'integer', (c) => c.notNull().references('option_groups.id'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min_choices', 'integer')
      .addColumn('max_choices', 'integer')
      /** JSON list of choice ids, the item's defaults; null: the group's. */
      .addColumn('default_choice_ids', 'varchar(400)')
      .addPrimaryKeyConstraint('menu_item_option_groups_pk', ['item_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('menu_item_option_groups_group')
      .on('menu_item_option_groups')
      .column('group_id')
      .execute();

    await db.schema
      .createTable('site_option_choices')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('choice_id', 'integer', (c) => c.notNull().references('option_choices.id'))
      .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sold_out_until', 'varchar(32)')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('updated_at', 'varchar(32)')
      .addPrimaryKeyConstraint('site_option_choices_pk', ['site_id', 'choice_id'])
      .execute();

    await db.schema
      .createTable('order_options')
      .addColumn('id', idType, id)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (c) => c.notNull())
      .addColumn('group_name', 'varchar(40)', (c) => c.notNull())
      .addColumn('choice_id', 'integer', (c) => c.notNull())
      .addColumn('choice_name', 'varchar(40)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('order_options_order').on('order_options').column('order_id').execute();

    await db.schema
      .alterTable('sites')
      .addColumn('slot_minutes', 'integer', (c) => c.notNull().defaultTo(15))
      .execute();
    await db.schema
      .alterTable('sites')
      .addColumn('lead_minutes', 'integer', (c) => c.notNull().defaultTo(15))
      .execute();
    await db.schema
      .alterTable('sites')
      .addColumn('days_ahead', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sites')
      .addColumn('slot_capacity', 'integer', (c) => c.notNull().defaultTo(10))
      .execute();

    await db.schema.alterTable('orders').addColumn('pickup_at', 'varchar(32)').execute();
    // A slot's drinks are counted, and due orders found, by site and pickup time.
    await db.schema.createIndex('orders_site_pickup').on('orders').columns(['site_id', 'pickup_at']).execute();

    if (pg) {
      await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
      await sql
        .raw(`alter table orders add constraint orders_status_check check (status in (${NEW_STATUSES}))`)
        .execute(db);
      return;
    }
    const edit = options.withWritableSqliteSchema;
    if (!edit) throw new Error('Migration 011 on SQLite needs the connection to allow the schema edit');
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
    if (!rows[0]?.sql.includes("'scheduled'")) throw new Error('Migration 011: the orders status rule was not widened');
  };
}
