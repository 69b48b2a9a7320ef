import { sql, type Selectable, type Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Db, UsersTable } from '../../db/types';

/** The columns that may leave the repository for ordinary use (no password hash). */
const PUBLIC_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'is_available',
  'home_site_id',
  'email_unconfirmed',
  'tokens_valid_after',
  'team',
] as const;

/** The person's health-data consent as stored (all null: none recorded), read with their list. */
const CONSENT_COLUMNS = [
  'hc.version as consent_version',
  'hc.given_at as consent_given_at',
  'hc.withdrawn_at as consent_withdrawn_at',
] as const;

/** The consent columns of a row read with CONSENT_COLUMNS. */
export interface ConsentColumns {
  consent_version: string | null;
  consent_given_at: string | null;
  consent_withdrawn_at: string | null;
}

/** The accounts with their health-data consent beside them (`hc`, for CONSENT_COLUMNS). */
const usersWithConsent = (db: Db) => db.selectFrom('users').leftJoin('health_consents as hc', 'hc.user_id', 'users.id');

export type UserRow = Pick<Selectable<UsersTable>, (typeof PUBLIC_COLUMNS)[number]>;
export type UserCredentialsRow = UserRow & Pick<Selectable<UsersTable>, 'password_hash'>;
export type NewUser = Pick<
  Selectable<UsersTable>,
  'name' | 'email' | 'password_hash' | 'role' | 'created_at' | 'updated_at'
>;
export type UserChanges = Pick<Updateable<UsersTable>, 'name' | 'role' | 'is_available' | 'team'>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The only reads of the password hash: for sign-in (by e-mail) and a change of password (by id). */
function findCredentials(db: Db, by: 'email' | 'id', value: string | number): Promise<UserCredentialsRow | undefined> {
  return db
    .selectFrom('users')
    .select([...PUBLIC_COLUMNS, 'password_hash'])
    .where(by, '=', value)
    .executeTakeFirst();
}

export const findCredentialsByEmail = (db: Db, email: string) => findCredentials(db, 'email', email);
export const findCredentialsById = (db: Db, id: number) => findCredentials(db, 'id', id);

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** Every account but the deleted ones (modules/account leaves them under an address that is no one's). */
export function listUsers(db: Db): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .select(PUBLIC_COLUMNS)
    .where('email', 'not like', '%@deleted.invalid')
    .orderBy('id')
    .execute();
}

/** `%`, `_` and the escape itself, written as themselves in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Up to `limit` available accounts whose name or e-mail holds `text` (any case), by name. */
export function searchUsers(db: Db, text: string, limit: number) {
  const pattern = `%${likeLiteral(text.toLowerCase())}%`;
  return usersWithConsent(db)
    .select(['id', 'name', 'email', 'avoids', ...CONSENT_COLUMNS])
    .where('is_available', '=', 'available')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['email']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Inserts the user; `null` when the e-mail is already taken (also when a concurrent insert won). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | null> {
  try {
    return await db
      .insertInto('users')
      .values({ ...user, is_available: 'available', push_status: 'ACTIVE' })
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export function updateUser(db: Db, id: number, changes: UserChanges, updatedAt: string): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: updatedAt })
    .where('id', '=', id)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}

/** A new password hash, and the instant before which no access token of the account is taken. */
export async function setCredentials(
  db: Db,
  id: number,
  changes: { password_hash?: string; tokens_valid_after: string },
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Push state is device state, not a profile edit: updated_at stays as it is. */
export async function setPushStatus(db: Db, id: number, status: 'ACTIVE' | 'INACTIVE'): Promise<void> {
  await db.updateTable('users').set({ push_status: status }).where('id', '=', id).execute();
}

/**
 * PostgreSQL: holds the users' rows until the transaction ends, so that a second transaction
 * locking one of them waits. Taken in id order: two transactions locking several never wait for
 * each other in a circle.
 */
export async function lockUsers(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * The account and, in the same read, what the person avoids and their consent: who a signed-in
 * request comes from, and what their next order will be checked against.
 */
export function findUserWithAvoidsById(
  db: Db,
  id: number,
): Promise<(UserRow & { avoids: string } & ConsentColumns) | undefined> {
  return usersWithConsent(db)
    .select([...PUBLIC_COLUMNS, 'avoids', ...CONSENT_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * What the person cannot drink: their stored JSON list of diet tags ('[]' when none), with their
 * consent to keep it; undefined without the account.
 */
export function findAvoids(db: Db, userId: number): Promise<({ avoids: string } & ConsentColumns) | undefined> {
  return usersWithConsent(db)
    .select(['avoids', ...CONSENT_COLUMNS])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * What the person's orders noted of their list when placed (`owner_avoids`, `diet_warnings`), and
 * what of it their standing orders were confirmed with (`diet_confirmed`), cleared: they withdrew
 * their consent to keep it.
 */
export async function clearAvoidsOfOrders(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ owner_avoids: '[]', diet_warnings: '[]' })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('owner_avoids', '!=', '[]'), eb('diet_warnings', '!=', '[]')]))
    .execute();
  await db
    .updateTable('standing_orders')
    .set({ diet_confirmed: '[]' })
    .where('user_id', '=', userId)
    .where('diet_confirmed', '!=', '[]')
    .execute();
}

/** Records the person's consent to this version of the wording, given now (a withdrawn one is replaced). */
export async function saveHealthConsent(db: Db, userId: number, version: string, at: string): Promise<void> {
  await db
    .insertInto('health_consents')
    .values({ user_id: userId, version, given_at: at, withdrawn_at: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ version, given_at: at, withdrawn_at: null }))
    .execute();
}

/** Marks the person's consent withdrawn now. Answers whether there was one not yet withdrawn. */
export async function withdrawHealthConsent(db: Db, userId: number, at: string): Promise<boolean> {
  const row = await db
    .updateTable('health_consents')
    .set({ withdrawn_at: at })
    .where('user_id', '=', userId)
    .where('withdrawn_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The person's list of what they avoid, written whole. Answers whether the account exists. */
export async function setAvoids(db: Db, userId: number, avoids: string, at: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ avoids, updated_at: at })
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The site the person orders at from now on. */
export async function setHomeSite(db: Db, userId: number, siteId: number, at: string): Promise<void> {
  await db.updateTable('users').set({ home_site_id: siteId, updated_at: at }).where('id', '=', userId).execute();
}
