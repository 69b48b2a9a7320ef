import { ACTIVE_ORDER_STATUSES } from '@cafe/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Db, SitesTable } from '../../db/types';

export type SiteRow = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;
export type SiteChanges = Updateable<SitesTable>;

/** Every site, archived ones too, by id. */
export function listSites(db: Db): Promise<SiteRow[]> {
  return db.selectFrom('sites').selectAll().orderBy('id').execute();
}

export function findSite(db: Db, id: number): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A site with this name in any case (names are unique regardless of case), other than `exceptId`. */
export async function siteNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('sites')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The new site's id; null when another site took the name at the same moment. */
export async function insertSite(db: Db, site: NewSite): Promise<number | null> {
  try {
    const row = await db.insertInto('sites').values(site).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** false: no such site; 'name-taken': another site took the name at the same moment. */
export async function updateSite(db: Db, id: number, changes: SiteChanges): Promise<boolean | 'name-taken'> {
  try {
    const result = await db.updateTable('sites').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return 'name-taken';
    throw error;
  }
}

/** Orders of the site still to be made or picked up: for later, waiting, in progress or done. */
export async function countOpenOrders(db: Db, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('status', 'in', ACTIVE_ORDER_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every assignment of a barista to a site. */
export function listAssignments(db: Db): Promise<{ site_id: number; user_id: number }[]> {
  return db.selectFrom('site_baristas').select(['site_id', 'user_id']).orderBy('site_id').execute();
}

/** The baristas of a site, by name. */
export function listSiteBaristas(db: Db, siteId: number): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .selectFrom('site_baristas')
    .innerJoin('users', 'users.id', 'site_baristas.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('site_baristas.site_id', '=', siteId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** The baristas of a site become exactly `userIds` (call inside a transaction). */
export async function replaceSiteBaristas(db: Db, siteId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('site_baristas').where('site_id', '=', siteId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('site_baristas')
    .values(userIds.map((user_id) => ({ site_id: siteId, user_id })))
    .execute();
}

/** Adds one assignment (nothing when it is there already). */
export async function addSiteBarista(db: Db, siteId: number, userId: number): Promise<void> {
  await db
    .insertInto('site_baristas')
    .values({ site_id: siteId, user_id: userId })
    .onConflict((oc) => oc.columns(['site_id', 'user_id']).doNothing())
    .execute();
}

/** Which of `userIds` are available accounts with the barista role. */
export async function availableBaristaIds(db: Db, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .where('role', '=', 'barista')
    .where('is_available', '=', 'available')
    .execute();
  return rows.map((r) => r.id);
}

export async function setHomeSite(db: Db, userId: number, siteId: number, at: string): Promise<void> {
  await db.updateTable('users').set({ home_site_id: siteId, updated_at: at }).where('id', '=', userId).execute();
}
