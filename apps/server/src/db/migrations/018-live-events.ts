import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Never missed, never twice (issue 31, docs/decisions/0053-live-event-sequence.md): every live
 * event sent to a site's rooms carries that site's sequence number, and the recent ones are kept so
 * a client that was away asks for what it missed (`GET /api/live/missed`).
 *
 * - `live_sequences`: per site, the last sequence number given (0: none yet). Every server process
 *   takes the next one here, so two processes never give the same number and leave no gap.
 * - `live_events`: the recent events of each site (a day, at most 20,000 per site; older ones are
 *   deleted as new ones come): the event's name, its payload as sent (JSON) and the rooms it went
 *   to (JSON array), which decide who may read it again.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('live_sequences')
      .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id'))
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('live_events')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('event', 'varchar(32)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('rooms', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('live_events_pk', ['site_id', 'seq'])
      .execute();
    await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute();
  };
}
