import { sql, type Insertable, type Selectable } from 'kysely';
import type { AuditLogTable, Db } from '../../db/types';

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;

/** The rows a read asks for: action prefix, actor, and instants [fromAt, toAt). */
export interface AuditRowFilter {
  actionPrefix?: string;
  actorId?: number;
  fromAt?: string;
  toAt?: string;
}

/** A place in the log: the last entry of a page, by the keys the pages are sorted on. */
export interface AuditPosition {
  at: string;
  id: number;
}

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first (ties: the higher id first), after `after` when given, at most `limit`. */
export async function listAuditRows(
  db: Db,
  filter: AuditRowFilter,
  after: AuditPosition | null,
  limit?: number,
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actionPrefix !== undefined) {
    // The contract allows only a-z, dots and dashes: nothing LIKE would read as a wildcard.
    query = query.where('action', 'like', `${filter.actionPrefix}%`);
  }
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.fromAt !== undefined) query = query.where('at', '>=', filter.fromAt);
  if (filter.toAt !== undefined) query = query.where('at', '<', filter.toAt);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  }
  query = query.orderBy('at', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/**
 * The entries about a person or made by them, newest first: those whose target is their account
 * or one of their orders, and those they made (the personal-data export).
 */
export async function auditRowsOfPerson(db: Db, userId: number): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', String(userId))]),
        eb.and([
          eb('target_type', '=', 'order'),
          eb('target_id', 'in', sql<string>`(select cast(id as text) from orders where user_id = ${userId})`),
        ]),
      ]),
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The tables whose rows entries name, with their name column. */
const NAMED = {
  user: 'users',
  site: 'sites',
  category: 'categories',
  'menu-item': 'menu_items',
  'option-group': 'option_groups',
  'option-choice': 'option_choices',
} as const;

export type NamedTargetType = keyof typeof NAMED;

export function isNamedTarget(type: string): type is NamedTargetType {
  return Object.hasOwn(NAMED, type);
}

/** The names these rows have now, by id. */
export async function namesOf(db: Db, type: NamedTargetType, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom(NAMED[type])
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every site's name by id, archived ones too (an entry names its site as it is called now). */
export async function siteNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('sites').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The zone of the site that serves people who chose none (the oldest not archived): the days of the filter are its. */
export async function defaultSiteZone(db: Db): Promise<string> {
  const rows = await db.selectFrom('sites').select(['time_zone', 'archived_at']).orderBy('id').execute();
  const site = rows.find((r) => r.archived_at === null) ?? rows[0];
  return site?.time_zone ?? 'UTC';
}
