import type { Selectable } from 'kysely';
import type { Db, ScheduleClosedDaysTable, ScheduleRunsTable, ScheduleWeeklyTable } from '../../db/types';

export type WeeklyRow = Pick<Selectable<ScheduleWeeklyTable>, 'venue' | 'weekday' | 'opens' | 'closes'>;
export type ClosedDayRow = Pick<Selectable<ScheduleClosedDaysTable>, 'day' | 'note'>;
export type NewRun = Selectable<ScheduleRunsTable>;

export function listWeekly(db: Db, siteId: number): Promise<WeeklyRow[]> {
  return db
    .selectFrom('schedule_weekly')
    .select(['venue', 'weekday', 'opens', 'closes'])
    .where('site_id', '=', siteId)
    .orderBy('weekday')
    .orderBy('venue', 'desc')
    .execute();
}

/** Every closed day of a site, by day. */
export function listClosedDays(db: Db, siteId: number): Promise<ClosedDayRow[]> {
  return db
    .selectFrom('schedule_closed_days')
    .select(['day', 'note'])
    .where('site_id', '=', siteId)
    .orderBy('day')
    .execute();
}

/** The week's periods of a site become exactly `rows` (call inside a transaction). */
export async function replaceWeekly(db: Db, siteId: number, rows: WeeklyRow[], by: number, at: string): Promise<void> {
  await db.deleteFrom('schedule_weekly').where('site_id', '=', siteId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('schedule_weekly')
    .values(rows.map((row) => ({ ...row, site_id: siteId, updated_by: by, updated_at: at })))
    .execute();
}

/** Adds a closed day to a site, or gives one already there the new note. */
export async function saveClosedDay(db: Db, siteId: number, day: ClosedDayRow, by: number, at: string): Promise<void> {
  await db
    .insertInto('schedule_closed_days')
    .values({ ...day, site_id: siteId, created_by: by, created_at: at })
    .onConflict((oc) => oc.columns(['site_id', 'day']).doUpdateSet({ note: day.note }))
    .execute();
}

/** Whether the site had such a closed day. */
export async function deleteClosedDay(db: Db, siteId: number, day: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('schedule_closed_days')
    .where('site_id', '=', siteId)
    .where('day', '=', day)
    .returning('day')
    .execute();
  return deleted.length > 0;
}

/**
 * Takes `run.key` for this process: true when this insert went in, false when the key was already
 * taken (handled before, or by another process at the same moment). ON CONFLICT DO NOTHING on both
 * engines: exactly one of several simultaneous inserts of one key succeeds.
 */
export async function claimRun(db: Db, run: NewRun): Promise<boolean> {
  const inserted = await db
    .insertInto('schedule_runs')
    .values(run)
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function runExists(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('schedule_runs').select('key').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/** Gives a key back, so the change is tried again (it could not be made after all). */
export async function releaseRun(db: Db, key: string): Promise<void> {
  await db.deleteFrom('schedule_runs').where('key', '=', key).execute();
}
