import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/** The data model as first released; later migrations add to it. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const idType = dialect === 'postgres' ? 'serial' : 'integer';
    const blob = dialect === 'postgres' ? 'bytea' : 'blob';
    const id = (col: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();

    await db.schema
      .createTable('users')
      .addColumn('id', idType, id)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) =>
        c
          .notNull()
          .defaultTo('user')
          .check(sql`role in ('admin','user','barista')`),
      )
      .addColumn('is_available', 'varchar(16)', (c) => c.notNull().defaultTo('available'))
      .addColumn('push_status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .addColumn('replaced_by', 'integer')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', idType, id)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('category_for', 'varchar(8)', (c) => c.notNull().check(sql`category_for in ('cafe','bar')`))
      .addColumn('is_available', 'varchar(16)', (c) => c.notNull().defaultTo('available'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('menu_items')
      .addColumn('id', idType, id)
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo('-'))
      .addColumn('is_active', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
      .addColumn('is_available', 'varchar(16)', (c) => c.notNull().defaultTo('available'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menu_items_category').on('menu_items').column('category_id').execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu_items.id'))
      .addColumn('category_for', 'varchar(8)', (c) => c.notNull())
      .addColumn('cafe_day', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) =>
        c.notNull().check(sql`status in ('ordered','in-progress','done','picked','rejected','cancel')`),
      )
      .addColumn('type', 'varchar(8)')
      .addColumn('sweetness', 'integer')
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo('-'))
      .addColumn('tumbler_image', 'varchar(2048)', (c) => c.notNull())
      .addColumn('reject_note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('order_date', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_user_day').on('orders').columns(['user_id', 'cafe_day']).execute();
    await db.schema.createIndex('orders_day_status').on('orders').columns(['cafe_day', 'status']).execute();
    await db.schema.createIndex('orders_status_date').on('orders').columns(['status', 'order_date']).execute();
    await db.schema.createIndex('orders_updated').on('orders').column('updated_at').execute();

    await db.schema
      .createTable('order_status_history')
      .addColumn('id', idType, id)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('from_status', 'varchar(16)')
      .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('changed_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('note', 'varchar(200)')
      .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();
    await db.schema
      .createIndex('order_status_history_to_changed')
      .on('order_status_history')
      .columns(['to_status', 'changed_at'])
      .execute();

    await db.schema
      .createTable('images')
      .addColumn('id', idType, id)
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('mime', 'varchar(32)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('data', blob, (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('shop_status')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('is_cafe_open', 'integer', (c) => c.notNull())
      .addColumn('is_bar_open', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  };
}
