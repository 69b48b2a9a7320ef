import { ACTIVE_ORDER_STATUSES } from '@cafe/shared';
import { type Insertable, type Selectable, type Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Db, SitesTable } from '../../db/types';

export type SiteRow = Selectable<SitesTable>;
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
export async function insertSite(db: Db, site: Insertable<SitesTable>): Promise<number | null> {
  try {
    const row = await db.insertInto('sites').values(site).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Inside a placement's transaction: the sites' rows held until it ends, and which of them are
 * archived by then. PostgreSQL: key-share locks, which only an archive's exclusive lock waits for
 * (a change of the shop status does not), or exclusive ones where a slot's room is counted (two
 * placements then never both hold a share and wait to upgrade it); SQLite runs one write
 * transaction at a time.
 */
export async function holdSites(
  trx: Db,
  dialect: 'sqlite' | 'postgres',
  ids: readonly number[],
  exclusive: ReadonlySet<number>,
): Promise<{ id: number; archived: boolean }[]> {
  if (ids.length === 0) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const read = (which: readonly number[]) =>
    trx.selectFrom('sites').select(['id', 'archived_at']).where('id', 'in', which).orderBy('id');
  let rows: { id: number; archived_at: string | null }[];
  if (dialect === 'sqlite') rows = await read(sorted).execute();
  else {
    // One site at a time in id order, each in its mode: placements never wait for each other in a circle.
    rows = [];
    for (const id of sorted) {
      const query = read([id]);
      rows.push(...(await (exclusive.has(id) ? query.forUpdate() : query.forKeyShare()).execute()));
    }
  }
  return rows.map((row) => ({ id: row.id, archived: row.archived_at !== null }));
}

/** Holds one site's row until the transaction ends (PostgreSQL; SQLite writes one at a time) and reads it. */
export async function lockSite(trx: Db, dialect: 'sqlite' | 'postgres', id: number): Promise<SiteRow | undefined> {
  const query = trx.selectFrom('sites').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
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

/** The sites other than `siteId` that are not archived. */
export async function countOtherOpenSites(db: Db, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '!=', siteId)
    .where('archived_at', 'is', null)
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
