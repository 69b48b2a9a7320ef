import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type ChangePasswordBody,
  type PasswordResetBody,
  isCompanyEmail,
  type EmailConfirmationStatus,
  type NotificationLanguage,
  type LoginBody,
  type RegisterBody,
  type Role,
  type TokenPair,
  type User,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import type { Db } from '../../db/types';
import { AppError, badRequest, unauthenticated } from '../../lib/errors';
import { confirmationMessage, passwordResetMessage } from '../notifications/messages';
import type { Change } from '../../lib/domain-events';
import type { Identified } from '../../realtime/socket';
import { assertStrongPassword } from './password-policy';
import { hashPassword, verifyPassword } from '../../lib/password';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import {
  claimRefreshToken,
  findConfirmation,
  findRefreshTokenByHash,
  replaceConfirmation,
  setEmailUnconfirmed,
  useConfirmation,
  insertRefreshToken,
  revokeAllUserTokens,
  findPasswordReset,
  replacePasswordReset,
  usePasswordReset,
  revokeFamily,
  revokeUserToken,
  setReplacedBy,
} from './auth.repository';

const ACCOUNT_DISABLED = 'This account is disabled. Please contact the team.';
/** How long a confirmation link works. */
export const CONFIRMATION_HOURS = 24;
const LINK_INVALID = 'This confirmation link is not valid, or it was used already. Sign in to ask for a new one.';
const LINK_EXPIRED = 'This confirmation link has expired. Sign in to ask for a new one.';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/** How long a password-reset link works. */
export const RESET_MINUTES = 30;
const RESET_INVALID = 'This reset link is not valid, or it was used already. Ask for a new one.';
const RESET_EXPIRED = 'This reset link has expired. Ask for a new one.';
const RESET_UNAVAILABLE =
  'Resetting a password by e-mail is not available here: e-mail is not configured. Please contact the team.';
const WRONG_PASSWORD = 'The current password is not right.';
const NO_PASSWORD =
  'This account signs in with the company sign-in only and has no password to change. Change it with your company.';

// A hash of nothing in particular: unknown e-mails are verified against it so that a wrong e-mail
// takes as long as a wrong password and sign-in does not reveal who has an account.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

type RefreshOutcome =
  | { kind: 'rotated'; userId: number; role: Role; notBefore: number; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused' };

/** Sign-in, sessions (refresh-token families) and the identity behind an access token. */
export function createAuthService(ctx: AppBase, deps: { users: UsersService; notifications: NotificationsService }) {
  const { db, config, clock, tokens } = ctx;
  void getDummyHash();

  function assertCompanyEmail(email: string): void {
    if (!isCompanyEmail(email, config.companyEmailDomain)) {
      throw new AppError(403, 'EMAIL_DOMAIN', MESSAGES.emailDomain(config.companyEmailDomain));
    }
  }

  function refreshExpiry(now: Date): string {
    return iso(new Date(now.getTime() + config.refreshTokenTtlSeconds * 1000));
  }

  /** A new session of a signed-in account: push on, a refresh-token family of its own, a token pair. */
  async function startSession(user: {
    id: number;
    role: Role;
    tokens_valid_after?: string | null;
  }): Promise<TokenPair> {
    const now = clock.now();
    const refresh = newRefreshToken();
    await db.transaction().execute(async (trx) => {
      await deps.users.setPushStatus(user.id, 'ACTIVE', trx);
      // Every sign-in starts a token family of its own, so reuse detection ends one session only.
      await insertRefreshToken(trx, {
        user_id: user.id,
        family_id: randomUUID(),
        token_hash: refresh.hash,
        expires_at: refreshExpiry(now),
        created_at: iso(now),
      });
    });
    const notBefore = user.tokens_valid_after ? Date.parse(user.tokens_valid_after) : 0;
    return { accessToken: await tokens.sign(user.id, user.role, notBefore), refreshToken: refresh.token };
  }

  /** The words of the company a password must not be made of (its domain, the app's and the sites' names). */
  function companyWords(): string[] {
    return [config.companyEmailDomain, 'cafe', 'coffee'];
  }

  /** With e-mail configured, a password registration must confirm its address before it orders. */
  const confirming = config.notifications.email !== null;

  /**
   * A new confirmation link for the account, in `trx`: the earlier ones stop working, and the
   * e-mail goes out through the outbox (retried like every notification).
   */
  async function sendConfirmation(
    trx: Db,
    user: { id: number; email: string; name: string },
    language: NotificationLanguage,
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await replaceConfirmation(trx, {
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: iso(new Date(now.getTime() + CONFIRMATION_HOURS * 3_600_000)),
      created_at: iso(now),
    });
    await deps.notifications.enqueueEmail(trx, {
      userId: user.id,
      email: user.email,
      name: user.name,
      language,
      event: 'confirm-email',
      message: confirmationMessage(language, `/confirm-email?token=${token}`, CONFIRMATION_HOURS),
    });
  }

  // A disabled account loses every session, in the transaction that disables it.
  ctx.domainEvents.within('user.disabling', async (trx, { userId }) => {
    await revokeAllUserTokens(trx, userId, iso(clock.now()));
  });

  return {
    /**
     * POST /auth/register. With e-mail configured the account starts unconfirmed and a link is sent
     * to its address (in `language`); without, it can order at once, as the specification says.
     */
    async register(body: RegisterBody, language: NotificationLanguage = 'en'): Promise<User> {
      assertCompanyEmail(body.email);
      await assertStrongPassword(body.password, { email: body.email, name: body.name, words: companyWords() });
      const user = await deps.users.create(body);
      if (!confirming) return user;
      await db.transaction().execute(async (trx) => {
        await setEmailUnconfirmed(trx, user.id, true);
        await sendConfirmation(trx, user, language);
      });
      deps.users.forget(user.id);
      deps.notifications.wake();
      return user;
    },

    /** GET /auth/email-confirmation: whether the caller still has to confirm their address. */
    confirmationStatus(caller: AuthUser): EmailConfirmationStatus {
      return { required: confirming, confirmed: !caller.emailUnconfirmed, email: caller.email };
    },

    /** POST /auth/email-confirmation: the link's token confirms the address of its account, once. */
    async confirmEmail(token: string): Promise<{ email: string }> {
      const link = await findConfirmation(db, sha256(token));
      if (!link || link.used_at !== null) throw badRequest(LINK_INVALID);
      const now = iso(clock.now());
      if (link.expires_at <= now) throw badRequest(LINK_EXPIRED);
      const confirmed = await db.transaction().execute(async (trx) => {
        if (!(await useConfirmation(trx, link.id, now))) return false;
        await setEmailUnconfirmed(trx, link.user_id, false);
        return true;
      });
      if (!confirmed) throw badRequest(LINK_INVALID);
      deps.users.forget(link.user_id);
      const account = await deps.users.findActive(link.user_id);
      return { email: account?.email ?? '' };
    },

    /** POST /auth/email-confirmation/resend: a new link for the caller (the earlier ones stop working). */
    async resendConfirmation(caller: AuthUser, language: NotificationLanguage = 'en'): Promise<void> {
      if (!confirming || !caller.emailUnconfirmed) return;
      await db.transaction().execute((trx) => sendConfirmation(trx, caller, language));
      deps.notifications.wake();
    },

    async login(body: LoginBody): Promise<TokenPair> {
      assertCompanyEmail(body.email);
      const user = await deps.users.findCredentials(body.email);
      const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
      if (!user || !passwordOk || user.is_available !== 'available') throw unauthenticated(MESSAGES.loginFailed);

      return startSession(user);
    },

    /**
     * Sign-in with an e-mail the company's identity provider has verified (single sign-on): the
     * same company-domain rule and the same token pair as a password sign-in. A first sign-in
     * makes the account (role user, no password); a disabled account is refused.
     */
    async signInVerifiedEmail(email: string, name: string): Promise<TokenPair> {
      assertCompanyEmail(email);
      const user = await deps.users.findOrCreateWithoutPassword(email, name);
      if (user.is_available !== 'available') throw unauthenticated(ACCOUNT_DISABLED);
      return startSession(user);
    },

    /**
     * Rotation: the presented token is revoked and replaced by a new one of the same family. A token
     * that was already rotated is being replayed (stolen, or a client gone wrong): the whole family
     * is revoked so whoever holds its newest token must sign in again too.
     */
    async refresh(presented: string): Promise<TokenPair> {
      const tokenHash = hashRefreshToken(presented);
      const now = clock.now();
      const nowIso = iso(now);
      const outcome = await db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const row = await findRefreshTokenByHash(trx, tokenHash);
        if (!row) return { kind: 'invalid' };
        if (row.revoked_at !== null) {
          await revokeFamily(trx, row.family_id, nowIso);
          return { kind: 'reused' };
        }
        if (row.expires_at <= nowIso) return { kind: 'invalid' };
        const user = await deps.users.findActive(row.user_id, trx);
        if (!user) return { kind: 'invalid' };
        // Only one of several concurrent uses of the same token wins this conditional update.
        if (!(await claimRefreshToken(trx, row.id, nowIso))) return { kind: 'invalid' };
        const next = newRefreshToken();
        const nextId = await insertRefreshToken(trx, {
          user_id: row.user_id,
          family_id: row.family_id,
          token_hash: next.hash,
          expires_at: refreshExpiry(now),
          created_at: nowIso,
        });
        await setReplacedBy(trx, row.id, nextId);
        return {
          kind: 'rotated',
          userId: user.id,
          role: user.role,
          notBefore: user.tokensValidAfterMs ?? 0,
          refreshToken: next.token,
        };
      });
      if (outcome.kind !== 'rotated') throw unauthenticated(SESSION_ENDED);
      return {
        accessToken: await tokens.sign(outcome.userId, outcome.role, outcome.notBefore),
        refreshToken: outcome.refreshToken,
      };
    },

    /**
     * Ends the session of this refresh token (a token of someone else is left alone), and every
     * access token of the person issued until now: their other devices refresh theirs silently.
     */
    async logout(userId: number, refreshToken: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await revokeUserToken(trx, userId, hashRefreshToken(refreshToken), iso(clock.now()));
        await deps.users.endAccessTokens(userId, trx);
      });
      deps.users.forget(userId);
    },

    /**
     * POST /auth/password: the caller's new password, their current one asked. Every session ends
     * (refresh tokens revoked, access tokens refused) but this device's, which goes on with the
     * fresh token pair answered here.
     */
    async changePassword(caller: AuthUser, body: ChangePasswordBody): Promise<TokenPair> {
      const account = await deps.users.findCredentialsById(caller.id);
      if (!account) throw unauthenticated(SESSION_ENDED);
      if (!account.password_hash.startsWith('$')) throw new AppError(409, 'NO_PASSWORD', NO_PASSWORD);
      if (!(await verifyPassword(account.password_hash, body.currentPassword))) {
        throw new AppError(400, 'WRONG_PASSWORD', WRONG_PASSWORD);
      }
      await assertStrongPassword(body.newPassword, { email: account.email, name: account.name, words: companyWords() });
      const passwordHash = await hashPassword(body.newPassword);
      const now = clock.now();
      const refresh = newRefreshToken();
      const notBefore = await db.transaction().execute(async (trx) => {
        const after = await deps.users.setPasswordHash(caller.id, passwordHash, trx);
        await revokeAllUserTokens(trx, caller.id, iso(now));
        await insertRefreshToken(trx, {
          user_id: caller.id,
          family_id: randomUUID(),
          token_hash: refresh.hash,
          expires_at: refreshExpiry(now),
          created_at: iso(now),
        });
        return after;
      });
      deps.users.forget(caller.id);
      await recordPasswordChange(caller.id, { id: caller.id, name: caller.name }, 'user.password');
      return { accessToken: await tokens.sign(caller.id, caller.role, notBefore), refreshToken: refresh.token };
    },

    /**
     * POST /auth/password-reset: a reset link to the address if it has an account that may sign in
     * with a password; the same answer either way (the caller answers 202 after it).
     */
    async requestPasswordReset(email: string, language: NotificationLanguage = 'en'): Promise<void> {
      if (!confirming) throw notFound(RESET_UNAVAILABLE);
      const account = isCompanyEmail(email, config.companyEmailDomain)
        ? await deps.users.findCredentials(email)
        : undefined;
      if (!account || account.is_available !== 'available') {
        // As long as the known address takes: a token and its hash, no e-mail.
        sha256(randomBytes(32).toString('base64url'));
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await replacePasswordReset(trx, {
          user_id: account.id,
          token_hash: sha256(token),
          expires_at: iso(new Date(now.getTime() + RESET_MINUTES * 60_000)),
          created_at: iso(now),
        });
        await deps.notifications.enqueueEmail(trx, {
          userId: account.id,
          email: account.email,
          name: account.name,
          language,
          event: 'reset-password',
          message: passwordResetMessage(language, `/reset-password?token=${token}`, RESET_MINUTES),
        });
      });
      deps.notifications.wake();
    },

    /** POST /auth/password-reset/confirm: the link's token sets a new password, once; every session of the person ends. */
    async resetPassword(body: PasswordResetBody): Promise<void> {
      if (!confirming) throw notFound(RESET_UNAVAILABLE);
      const link = await findPasswordReset(db, sha256(body.token));
      if (!link || link.used_at !== null) throw badRequest(RESET_INVALID);
      const now = iso(clock.now());
      if (link.expires_at <= now) throw badRequest(RESET_EXPIRED);
      const account = await deps.users.findActive(link.user_id);
      if (!account) throw badRequest(RESET_INVALID);
      await assertStrongPassword(body.password, { email: account.email, name: account.name, words: companyWords() });
      const passwordHash = await hashPassword(body.password);
      const reset = await db.transaction().execute(async (trx) => {
        if (!(await usePasswordReset(trx, link.id, now))) return false;
        await deps.users.setPasswordHash(account.id, passwordHash, trx);
        await revokeAllUserTokens(trx, account.id, now);
        return true;
      });
      if (!reset) throw badRequest(RESET_INVALID);
      deps.users.forget(account.id);
      await recordPasswordChange(account.id, { id: account.id, name: account.name }, 'user.password-reset');
    },

    /** The signed-in user an access token stands for, as the database has them now; null if none. */
    async userForToken(token: string | null): Promise<AuthUser | null> {
      const identified = await identify(token);
      return 'user' in identified ? identified.user : null;
    },

    /** Who a live connection's token stands for, or why it is refused (docs/api/live-events.md). */
    identify,
  };

  /**
   * The account behind an access token, or why it is refused: `TOKEN_EXPIRED` only for a genuine
   * token of an active account whose time is over (refreshing helps); anything else, an account no
   * longer active or a token issued before its "valid after" instant included, is `TOKEN_INVALID`.
   * The account comes from the same (cached) read the request needs anyway: no second query.
   */
  async function identify(token: string | null): Promise<Identified> {
    if (token === null) return { user: null };
    const inspection = tokens.inspect(token);
    if (inspection.kind === 'invalid') return { refusal: 'TOKEN_INVALID' };
    const userId = inspection.kind === 'valid' ? inspection.claims.userId : inspection.userId;
    const user = await deps.users.findActive(userId);
    if (!user) return { refusal: 'TOKEN_INVALID' };
    if (inspection.kind === 'expired') return { refusal: 'TOKEN_EXPIRED' };
    if (inspection.claims.issuedAtMs < (user.tokensValidAfterMs ?? 0)) return { refusal: 'TOKEN_INVALID' };
    return { user };
  }

  /** A new password in the audit log: who (the person themselves), whose, never the password. */
  async function recordPasswordChange(
    userId: number,
    actor: { id: number; name: string },
    action: 'user.password' | 'user.password-reset',
  ): Promise<void> {
    const change: Change = { actor, action, target: { type: 'user', id: userId }, before: null, after: null };
    await ctx.domainEvents.emit('user.changed', { userId, endSessions: true, changes: [change] });
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
