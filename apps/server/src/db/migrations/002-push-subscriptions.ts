import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection';

/** Web Push: the browsers (endpoints) that asked to hear about a user's orders. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const idType = dialect === 'postgres' ? 'serial' : 'integer';
    const id = (col: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // One browser subscription belongs to one account: the endpoint is its identity.
      .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'varchar(255)', (c) => c.notNull())
      .addColumn('auth', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  };
}
