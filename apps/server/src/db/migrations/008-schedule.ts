import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * Opening hours that run themselves (docs/decisions/0019-opening-hours.md):
 *
 * - `schedule_weekly`: each venue's hours per weekday (0 = Sunday), cafe time "HH:MM"; one row per
 *   venue and weekday. Seeded with the specification's hours: the cafe 9:00-16:00 Monday to
 *   Friday, the bar Friday 15:00-18:00.
 * - `schedule_closed_days`: days both venues stay closed (holidays), with a note.
 * - `schedule_runs`: every scheduled change and closing warning handled, under a key of its own
 *   (`change:<instant>`, `warning:<venue>:<instant>`). The key is the primary key: of several
 *   server processes, the one whose insert goes in handles it, the others find it taken.
 * - The "Opening hours" account: who the order history and the shop status name for what the
 *   schedule did (`changed_by` is required). It cannot sign in: no password, an address outside
 *   any company domain (`.invalid`), unavailable.
 *
 * The values are written out here rather than taken from packages/shared: a migration must do
 * the same thing whenever it runs.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('schedule_weekly')
      .addColumn('venue', 'varchar(8)', (c) => c.notNull().check(sql`venue in ('cafe','bar')`))
      .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
      .addColumn('opens', 'varchar(5)', (c) => c.notNull())
      .addColumn('closes', 'varchar(5)', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('schedule_weekly_pk', ['venue', 'weekday'])
      .execute();

    await db.schema
      .createTable('schedule_closed_days')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('schedule_runs')
      .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('scheduled_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    const now = new Date().toISOString();
    const weekly = [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ venue: 'cafe', weekday, opens: '09:00', closes: '16:00' })),
      { venue: 'bar', weekday: 5, opens: '15:00', closes: '18:00' },
    ];
    await db
      .insertInto('schedule_weekly' as never)
      .values(weekly.map((p) => ({ ...p, updated_by: null, updated_at: now })))
      .execute();

    // Processes starting together on an empty database both run the migrator; Kysely's lock on
    // PostgreSQL makes this run once, and the address is unique anyway.
    await db
      .insertInto('users' as never)
      .values({
        name: 'Opening hours',
        email: 'opening-hours@system.invalid',
        password_hash: '!',
        role: 'user',
        is_available: 'unavailable',
        push_status: 'INACTIVE',
        created_at: now,
        updated_at: now,
      })
      .execute();
  };
}
