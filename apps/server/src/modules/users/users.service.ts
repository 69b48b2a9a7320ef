import {
  peopleText,
  HEALTH_CONSENT_VERSION,
  sortDietTags,
  type AvoidsAnswer,
  type AvoidsBody,
  type DietTag,
  type Me,
  type RegisterBody,
  type Site,
  type User,
  type UserPatchBody,
  type UserSearchResult,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Change } from '../../lib/domain-events';
import type { SitesService } from '../sites/sites.service';
import type { Db } from '../../db/types';
import { notFound, refusal } from '../../lib/errors';
import { createMemoryCache } from '../../lib/cache';
import { hashPassword } from '../../lib/password';
import { iso } from '../../lib/time';
import { toAuthUser, toUser } from './user.mapper';
import {
  avoidsInUse,
  avoidsRecordOf,
  consentChange,
  consentOf,
  consentRequired,
  type AvoidsRecord,
} from './health-consent';
import {
  clearAvoidsOfOrders,
  emailExists,
  findAvoids,
  findCredentialsByEmail,
  findCredentialsById,
  findUserById,
  findUserWithAvoidsById,
  setCredentials,
  insertUser,
  listUsers,
  searchUsers,
  lockUsers,
  saveHealthConsent,
  setAvoids,
  setHomeSite,
  setPushStatus,
  updateUser,
  withdrawHealthConsent,
  type UserChanges,
  type UserCredentialsRow,
  type UserRow,
} from './users.repository';

/** An admin's changes of an account, one audit entry per field that changed (docs/api.md, "Audit log"). */
const AUDITED_FIELDS = [
  { action: 'user.role', field: 'role', of: (row: UserRow) => row.role },
  { action: 'user.availability', field: 'isAvailable', of: (row: UserRow) => row.is_available },
  { action: 'user.name', field: 'name', of: (row: UserRow) => row.name },
  { action: 'user.team', field: 'team', of: (row: UserRow) => row.team ?? null },
] as const;

/** Not an argon2 hash: no password verifies against it. */
const NO_PASSWORD = '!';

const emailTaken = () => refusal(409, 'EMAIL_TAKEN', peopleText('people.error.emailTaken'));

/**
 * Accounts. Methods that take `db` run on the caller's transaction when given one: on SQLite a
 * query outside it would wait for the transaction's own connection and never run.
 */
export function createUsersService(ctx: AppBase, deps: { sites: SitesService }) {
  const { db, clock } = ctx;
  /**
   * Who a signed-in request comes from, read on every request: kept in memory, dropped here and in
   * every other process as soon as an account's name, role or availability changes.
   */
  const activeAccounts = createMemoryCache<number, AuthUser | null>({
    topic: 'accounts',
    bus: ctx.bus,
    ttlMs: 60_000,
  });
  /** What the audit log keeps of an admin's edit: one entry per audited field that changed. */
  function userChanges(caller: AuthUser, before: UserRow, after: UserRow): Change[] {
    return AUDITED_FIELDS.filter(({ of }) => of(before) !== of(after)).map(({ action, field, of }) => ({
      actor: caller,
      action,
      target: { type: 'user', id: after.id },
      before: { [field]: of(before) },
      after: { [field]: of(after) },
    }));
  }
  /**
   * Moves the account's "tokens valid after" instant past every access token issued so far: one
   * millisecond after now, or after the instant it had if that is later (a clock that stands still
   * in the same millisecond still refuses what the previous move let in). Answers the new instant.
   */
  async function moveTokensValidAfter(executor: Db, userId: number, passwordHash?: string): Promise<number> {
    const row = await findUserById(executor, userId);
    const before = row?.tokens_valid_after ? Date.parse(row.tokens_valid_after) : 0;
    const after = Math.max(clock.now().getTime(), before) + 1;
    await setCredentials(executor, userId, {
      tokens_valid_after: iso(new Date(after)),
      ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
    });
    return after;
  }
  /**
   * What each person avoids (docs/allergens.md) and their consent to keep it, read on every order
   * they place: kept in memory until they change either.
   */
  const avoidsCache = createMemoryCache<number, AvoidsRecord>({ topic: 'diet-avoids', bus: ctx.bus, ttlMs: 60_000 });
  const avoidsRecord = (userId: number) =>
    avoidsCache.get(userId, async () => avoidsRecordOf(await findAvoids(db, userId)));
  /** The list in use: none without the person's consent (docs/decisions/0068-health-data-consent.md). */
  const avoidsOf = async (userId: number): Promise<DietTag[]> => avoidsInUse(await avoidsRecord(userId));
  /** The audit log keeps a consent given or withdrawn (not the list), once it committed. */
  const consentChanged = (caller: AuthUser, action: Parameters<typeof consentChange>[1], version: string) =>
    ctx.domainEvents.emit('user.changed', {
      userId: caller.id,
      endSessions: false,
      changes: [consentChange(caller, action, version)],
    });
  /** A new account of role user; null when the e-mail has one already. */
  const insertAccount = (name: string, email: string, passwordHash: string) => {
    const now = iso(clock.now());
    const user = { name, email, password_hash: passwordHash, role: 'user', created_at: now, updated_at: now } as const;
    return insertUser(db, user);
  };
  const findActiveNow = async (userId: number, executor: Db) => {
    const row = await findUserById(executor, userId);
    return row?.is_available === 'available' ? toAuthUser(row) : null;
  };
  /**
   * Who a signed-in request comes from, for the memory copy: read with what the person avoids, which
   * is kept too, so their next order (from the web app, a chat, a standing order) reads nothing more.
   */
  const loadActive = async (userId: number) => {
    const mark = avoidsCache.mark();
    const row = await findUserWithAvoidsById(db, userId);
    if (row) avoidsCache.keep(userId, avoidsRecordOf(row), mark);
    return row?.is_available === 'available' ? toAuthUser(row) : null;
  };

  return {
    /** The auth plugin has just read the caller from the database; the sites come from memory. */
    async me(caller: AuthUser): Promise<Me> {
      const avoids = await avoidsRecord(caller.id);
      return {
        id: caller.id,
        email: caller.email,
        name: caller.name,
        role: caller.role,
        homeSiteId: caller.homeSiteId,
        staffSiteIds: await deps.sites.staffSiteIds(caller),
        avoids: avoidsInUse(avoids),
        healthConsent: avoids.consent,
        avoidsAwaitingConsent: avoids.consent.given ? [] : avoids.stored,
      };
    },

    /** What a person cannot drink (their profile): the tags an order of theirs warns about. */
    avoidsOf,

    /**
     * PUT /user/me/avoids: the caller's whole list of what they avoid, stored in the list's order.
     * A list that is not empty needs their consent, recorded before or given with this request
     * (`consent: true`): 400 HEALTH_CONSENT_REQUIRED otherwise, and nothing is saved. The list is
     * not in the audit log (it is the person's own health information, which no admin needs to
     * read: docs/decisions/0037-diet-tags.md); the consent given is.
     */
    async setAvoids(caller: AuthUser, body: AvoidsBody): Promise<AvoidsAnswer> {
      const sorted = sortDietTags(body.avoids);
      const now = iso(clock.now());
      const { consent, given } = await db.transaction().execute(async (trx) => {
        const row = await findAvoids(trx, caller.id);
        if (!row) throw notFound('User', peopleText('people.users.notFound'));
        const before = consentOf(row);
        const giving = body.consent === true && !before.given;
        if (sorted.length > 0 && !before.given && !giving) throw consentRequired();
        if (giving) await saveHealthConsent(trx, caller.id, HEALTH_CONSENT_VERSION, now);
        await setAvoids(trx, caller.id, JSON.stringify(sorted), now);
        const after = giving
          ? { given: true, version: HEALTH_CONSENT_VERSION, givenAt: now, withdrawnAt: null }
          : before;
        return { consent: after, given: giving };
      });
      avoidsCache.invalidate(caller.id);
      if (given) await consentChanged(caller, 'user.health-consent.give', HEALTH_CONSENT_VERSION);
      return { avoids: sorted, healthConsent: consent };
    },

    /**
     * DELETE /user/me/health-consent: the caller withdraws their consent, and their list is erased
     * with it (also a list saved before consent was asked for, which has none to withdraw), and
     * what their orders noted of it.
     */
    async withdrawHealthConsent(caller: AuthUser): Promise<AvoidsAnswer> {
      const now = iso(clock.now());
      const { consent, withdrawn } = await db.transaction().execute(async (trx) => {
        const row = await findAvoids(trx, caller.id);
        if (!row) throw notFound('User', peopleText('people.users.notFound'));
        const ended = await withdrawHealthConsent(trx, caller.id, now);
        await setAvoids(trx, caller.id, '[]', now);
        await clearAvoidsOfOrders(trx, caller.id);
        const before = consentOf(row);
        return { consent: ended ? { ...before, given: false, withdrawnAt: now } : before, withdrawn: ended };
      });
      avoidsCache.invalidate(caller.id);
      // The queues and boards read in memory show the orders again without it (they follow the account).
      activeAccounts.invalidate(caller.id);
      if (withdrawn && consent.version) await consentChanged(caller, 'user.health-consent.withdraw', consent.version);
      return { avoids: [], healthConsent: consent };
    },

    /** An account changed outside this module (deleted, confirmed): drop what this and every process remembers of it. */
    forget(userId: number): void {
      activeAccounts.invalidate(userId);
      avoidsCache.invalidate(userId);
    },

    /** PUT /user/home-site: the site a person orders at from now on (not an archived one). */
    async setHomeSite(user: AuthUser, siteId: number): Promise<Site> {
      const site = await deps.sites.forHomeSite(siteId);
      await setHomeSite(db, user.id, site.id, iso(clock.now()));
      activeAccounts.invalidate(user.id);
      return site;
    },

    async rename(caller: AuthUser, name: string): Promise<User> {
      const row = await updateUser(db, caller.id, { name }, iso(clock.now()));
      if (!row) throw notFound('User', peopleText('people.users.notFound'));
      activeAccounts.invalidate(caller.id);
      return toUser(row);
    },

    async disablePush(caller: AuthUser, userId: number): Promise<void> {
      if (userId !== caller.id) throw refusal(403, 'FORBIDDEN', peopleText('people.users.ownNotificationsOnly'));
      await setPushStatus(db, userId, 'INACTIVE');
      activeAccounts.invalidate(userId);
    },

    /** GET /user/search: people a barista can enter a walk-up order for (at most 10). */
    async search(text: string): Promise<UserSearchResult[]> {
      const found = await searchUsers(db, text, 10);
      // What a person avoids shows only while their consent to keep it is given.
      return found.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        avoids: avoidsInUse(avoidsRecordOf(row)),
      }));
    },

    async list(): Promise<User[]> {
      return (await listUsers(db)).map(toUser);
    },

    /**
     * An admin edits someone else. Their own account is off limits here, so no admin can lock
     * themselves out or remove the last admin by accident.
     */
    async update(caller: AuthUser, userId: number, patch: UserPatchBody): Promise<User> {
      if (userId === caller.id) throw refusal(403, 'FORBIDDEN', peopleText('people.users.notOwnAccount'));
      const changes: UserChanges = {};
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.role !== undefined) changes.role = patch.role;
      if (patch.isAvailable !== undefined) changes.is_available = patch.isAvailable;
      // The schema trimmed it; an empty name is no team.
      if (patch.team !== undefined) changes.team = patch.team || null;
      const now = clock.now();
      const edited = await db.transaction().execute(async (trx) => {
        const before = await findUserById(trx, userId);
        const updated = await updateUser(trx, userId, changes, iso(now));
        // A disabled account loses its sessions at once; its access tokens already stop working
        // because every request re-reads the user.
        if (updated && patch.isAvailable === 'unavailable') {
          await ctx.domainEvents.emitWithin(trx, 'user.disabling', { userId });
          // Its access tokens too, for good: enabling it again later does not bring them back.
          await moveTokensValidAfter(trx, userId);
        }
        return updated ? { row: updated, changes: before ? userChanges(caller, before, updated) : [] } : null;
      });
      if (!edited) throw notFound('User', peopleText('people.users.notFound'));
      const { row } = edited;
      activeAccounts.invalidate(userId);
      // Someone who became a barista starts at their home site (the sites module follows).
      await ctx.domainEvents.emit('user.changed', {
        userId,
        endSessions: patch.role !== undefined || patch.isAvailable !== undefined,
        ...(patch.role === undefined ? {} : { role: patch.role }),
        homeSiteId: row.home_site_id ?? null,
        changes: edited.changes,
      });
      // Live connections joined their rooms under the old role: make them reconnect.
      if (patch.role !== undefined || patch.isAvailable !== undefined) ctx.events.sessionChanged(userId);
      return toUser(row);
    },

    /** A new account (role user) from a registration; 409 EMAIL_TAKEN when the e-mail has one. */
    async create(body: RegisterBody): Promise<User> {
      // Checked before hashing, so a taken e-mail costs no hash.
      if (await emailExists(db, body.email)) throw emailTaken();
      const row = await insertAccount(body.name, body.email, await hashPassword(body.password));
      // null: another registration with the same e-mail committed between the check and the insert.
      if (!row) throw emailTaken();
      return toUser(row);
    },

    /**
     * The account of someone signing in through the company's identity provider for the first
     * time: role user and no password (a hash nothing matches), so it cannot sign in by password
     * until it is given one. Gives the account that has the e-mail when another sign-in made it first.
     */
    async findOrCreateWithoutPassword(email: string, name: string): Promise<UserCredentialsRow> {
      const known = await findCredentialsByEmail(db, email);
      if (known) return known;
      const row = await insertAccount(name, email, NO_PASSWORD);
      if (row) return { ...row, password_hash: NO_PASSWORD };
      const raced = await findCredentialsByEmail(db, email);
      if (!raced) throw new Error(`the account of ${email} was neither created nor found`);
      return raced;
    },

    /**
     * The account as the database has it now, or undefined when it is gone or disabled. Without a
     * transaction to read in, it comes from memory when this process has read it before and
     * nothing changed since (every change here invalidates it, in every process).
     */
    async findActive(userId: number, executor?: Db): Promise<AuthUser | undefined> {
      const account = executor
        ? await findActiveNow(userId, executor)
        : await activeAccounts.get(userId, () => loadActive(userId));
      return account ?? undefined;
    },

    /** The active account with this e-mail address (the Slack app links a Slack user by it), or undefined. */
    async findActiveByEmail(email: string): Promise<AuthUser | undefined> {
      const row = await findCredentialsByEmail(db, email.trim().toLowerCase());
      if (!row) return undefined;
      return (await activeAccounts.get(row.id, () => loadActive(row.id))) ?? undefined;
    },

    /**
     * Ends every access token of the account issued until now (logout, deletion, a new password),
     * in `trx` when given: then the caller calls `forget` once it committed. Answers the new
     * "valid after" instant, which the tokens of a session started now must not be dated before.
     */
    async endAccessTokens(userId: number, trx?: Db): Promise<number> {
      if (trx) return moveTokensValidAfter(trx, userId);
      const after = await moveTokensValidAfter(db, userId);
      activeAccounts.invalidate(userId);
      return after;
    },

    /**
     * A new password for the account (checked against the password policy and hashed before the
     * transaction), in `trx`: every access token issued until now ends with it. Answers the new
     * "valid after" instant; the caller calls `forget` once it committed.
     */
    setPasswordHash(userId: number, passwordHash: string, trx: Db): Promise<number> {
      return moveTokensValidAfter(trx, userId, passwordHash);
    },

    /** For a change of password only: the account with its password hash. */
    findCredentialsById(userId: number): Promise<UserCredentialsRow | undefined> {
      return findCredentialsById(db, userId);
    },

    /** For sign-in only: the account with its password hash. */
    findCredentials(email: string): Promise<UserCredentialsRow | undefined> {
      return findCredentialsByEmail(db, email);
    },

    /** Push notifications follow the session: on at sign-in, off at sign-out. */
    async setPushStatus(userId: number, status: 'ACTIVE' | 'INACTIVE', executor: Db = db): Promise<void> {
      await setPushStatus(executor, userId, status);
      // Where the person is reached (the notifications module keeps it) changed with it.
      activeAccounts.invalidate(userId);
    },

    /**
     * Makes transactions that lock an account run one at a time until `trx` ends. PostgreSQL needs
     * the row locks; SQLite runs one transaction at a time anyway.
     */
    async lockAccounts(userIds: readonly number[], trx: Db): Promise<void> {
      if (ctx.dialect === 'postgres') await lockUsers(trx, userIds);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
