import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Delivery ids that never repeat (issue 31, docs/decisions/0052-platform-hardening.md).
 *
 * `notification_outbox.delivery_id`: a random UUID given to each message when it is written, sent
 * as the webhook's `X-Cafe-Delivery` (and the body's `id`) and in the e-mail's `Message-ID`, the
 * same on every attempt. The row number was used before: after a restore, or from a second
 * deployment, it repeats, and a receiver that drops repeats by it dropped new messages.
 *
 * Rows written before get a fresh id each (in SQL, no row is read into the process); a unique
 * index keeps them apart. SQLite cannot make an added column NOT NULL without copying the table,
 * so there the column stays nullable and the server always writes one; PostgreSQL enforces it.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const pg = dialect === 'postgres';
    await db.schema.alterTable('notification_outbox').addColumn('delivery_id', 'varchar(36)').execute();
    if (pg) {
      // gen_random_uuid() is built in since PostgreSQL 13.
      await sql`update notification_outbox set delivery_id = gen_random_uuid()::text`.execute(db);
      await sql`alter table notification_outbox alter column delivery_id set not null`.execute(db);
    } else {
      // A version 4 UUID from SQLite's random bytes, one per row.
      await sql`update notification_outbox set delivery_id =
        lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
        substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
        substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`.execute(db);
    }
    await db.schema
      .createIndex('notification_outbox_delivery_id')
      .on('notification_outbox')
      .column('delivery_id')
      .unique()
      .execute();
  };
}
