import type { Updateable } from 'kysely';
import type { Db, SitesTable } from '../../db/types';

/** Busy mode of a site as a barista set it (its columns of the sites row). */
export async function saveBusySettings(
  db: Db,
  siteId: number,
  busy: Partial<{ paused: boolean; maxWaiting: number | null; maxWaitMinutes: number | null }>,
  by: number,
  at: string,
): Promise<void> {
  const changes: Updateable<SitesTable> = { busy_updated_by: by, busy_updated_at: at };
  if (busy.paused !== undefined) changes.paused = busy.paused ? 1 : 0;
  if (busy.maxWaiting !== undefined) changes.max_waiting = busy.maxWaiting;
  if (busy.maxWaitMinutes !== undefined) changes.max_wait_minutes = busy.maxWaitMinutes;
  await db.updateTable('sites').set(changes).where('id', '=', siteId).execute();
}
