import { randomBytes, randomUUID } from 'node:crypto';
import {
  peopleText,
  MESSAGES,
  isCompanyEmail,
  type EmailConfirmationStatus,
  type NotificationLanguage,
  type LoginBody,
  type RegisterBody,
  type Role,
  type SecondFactorPending,
  type TokenPair,
  type User,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SitesService } from '../sites/sites.service';
import type { UsersService } from '../users/users.service';
import type { Db } from '../../db/types';
import { badRequest, refusal, unauthenticated } from '../../lib/errors';
import { confirmationMessage } from '../notifications/messages';
import type { Identified } from '../../realtime/socket';
import { assertStrongPassword } from './password-policy';
import { createPasswords, sessionEnded } from './passwords';
import { USER_AGENT_MAX } from './sessions.repository';
import { accountOfSsoIdentity, type SsoIdentity } from './sso-identity';
import { newEmailLink, sha256 } from './email-link';
import { createSecondFactor } from './second-factor.service';
import { hashPassword, verifyPassword } from '../../lib/password';
import { iso } from '../../lib/time';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import {
  claimRefreshToken,
  findLink,
  findRefreshTokenByHash,
  replaceLink,
  setEmailUnconfirmed,
  useLink,
  insertRefreshToken,
  revokeAllUserTokens,
  revokeFamily,
  revokeUserToken,
  setReplacedBy,
} from './auth.repository';
import { sessionEnd, type SessionFacts } from './session-lifetime';
import type { SignInMethod } from '@cafe/shared';

const ACCOUNT_DISABLED = 'This account is disabled. Please contact the team.';
/** How long a confirmation link works. */
export const CONFIRMATION_HOURS = 24;
const LINK_INVALID = 'This confirmation link is not valid, or it was used already. Sign in to ask for a new one.';
const LINK_EXPIRED = 'This confirmation link has expired. Sign in to ask for a new one.';

// A hash of nothing in particular: unknown e-mails are verified against it so that a wrong e-mail
// takes as long as a wrong password and sign-in does not reveal who has an account.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

type RefreshOutcome =
  | { kind: 'rotated'; userId: number; role: Role; notBefore: number; refreshToken: string; sessionId: string }
  | { kind: 'invalid' }
  | { kind: 'reused' };

/** Sign-in, sessions (refresh-token families) and the identity behind an access token. */
export function createAuthService(
  ctx: AppBase,
  deps: { users: UsersService; notifications: NotificationsService; sites: Pick<SitesService, 'list'> },
) {
  const { db, config, clock, tokens } = ctx;
  void getDummyHash();

  function assertCompanyEmail(email: string): void {
    if (!isCompanyEmail(email, config.companyEmailDomain)) {
      throw refusal(
        403,
        'EMAIL_DOMAIN',
        peopleText('people.auth.emailDomain', { domain: config.companyEmailDomain }),
        MESSAGES.emailDomain(config.companyEmailDomain),
      );
    }
  }

  /**
   * A refresh token's expiry: REFRESH_TOKEN_TTL after its issue (the inactivity timeout), but never
   * past its session's end (docs/decisions/0079).
   */
  function refreshExpiry(now: Date, session: SessionFacts): string {
    const ends = sessionEnd(config, session);
    return iso(new Date(Math.min(now.getTime() + config.refreshTokenTtlSeconds * 1000, ends)));
  }

  /** A new session of a signed-in account: push on, a refresh-token family of its own, a token pair. */
  async function startSession(
    user: { id: number; role: Role; tokens_valid_after?: string | null },
    method: SignInMethod = 'password',
    /** The browser's User-Agent, kept with the session in the same write (the sessions list names it). */
    device?: string,
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    const refreshToken = await db.transaction().execute(async (trx) => {
      await deps.users.setPushStatus(user.id, 'ACTIVE', trx);
      return startFamily(trx, user.id, clock.now(), device, method, familyId);
    });
    // Push is on once this commits: what was read of the account meanwhile is dropped again.
    ctx.bus.publish('accounts', user.id);
    const notBefore = user.tokens_valid_after ? Date.parse(user.tokens_valid_after) : 0;
    return { accessToken: await tokens.sign(user.id, user.role, notBefore, familyId), refreshToken };
  }

  /**
   * A refresh token of a new family for the person, in `trx`: every sign-in (and a password change,
   * for the device that made it) starts a family of its own, so reuse detection ends one session only.
   */
  async function startFamily(
    trx: Db,
    userId: number,
    now: Date,
    device?: string,
    method: SignInMethod = 'password',
    familyId: string = randomUUID(),
  ): Promise<string> {
    const refresh = newRefreshToken();
    const session = { session_started_at: iso(now), sign_in_method: method };
    const userAgent = device ? { user_agent: device.slice(0, USER_AGENT_MAX) } : {};
    await insertRefreshToken(trx, {
      user_id: userId,
      family_id: familyId,
      token_hash: refresh.hash,
      expires_at: refreshExpiry(now, session),
      created_at: iso(now),
      ...session,
      ...userAgent,
    });
    return refresh.token;
  }

  /**
   * The words of the company a password must not be made of: its domain, the app's name and every
   * site's name (archived ones too). Read for each new password from the sites' memory, which every
   * process drops when a site is added or renamed, so a site made a minute ago counts.
   */
  async function companyWords(): Promise<string[]> {
    const sites = await deps.sites.list({ includeArchived: true });
    return [config.companyEmailDomain, 'Office Cafe', 'cafe', 'coffee', ...sites.map((site) => site.name)];
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
    const { token, row } = newEmailLink(clock.now(), CONFIRMATION_HOURS * 60);
    await replaceLink(trx, 'email_confirmations', { user_id: user.id, ...row });
    await deps.notifications.enqueueEmail(trx, {
      userId: user.id,
      email: user.email,
      name: user.name,
      language,
      event: 'confirm-email',
      message: confirmationMessage(language, `/confirm-email#token=${token}`, CONFIRMATION_HOURS),
    });
  }

  // A disabled account loses every session, in the transaction that disables it.
  ctx.domainEvents.within('user.disabling', async (trx, { userId }) => {
    await revokeAllUserTokens(trx, userId, iso(clock.now()));
  });

  const passwords = createPasswords(ctx, deps, { confirming, companyWords, startFamily });
  const secondFactor = createSecondFactor(ctx, deps, { startSession });

  return {
    /**
     * POST /auth/register. With e-mail configured the account starts unconfirmed and a link is sent
     * to its address (in `language`); without, it can order at once, as the specification says.
     */
    async register(body: RegisterBody, language: NotificationLanguage = 'en'): Promise<User> {
      assertCompanyEmail(body.email);
      await assertStrongPassword(body.password, { email: body.email, name: body.name, words: await companyWords() });
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
      const link = await findLink(db, 'email_confirmations', sha256(token));
      if (!link || link.used_at !== null) throw badRequest(LINK_INVALID, peopleText('people.auth.confirmLinkInvalid'));
      const now = iso(clock.now());
      if (link.expires_at <= now) throw badRequest(LINK_EXPIRED, peopleText('people.auth.confirmLinkExpired'));
      const confirmed = await db.transaction().execute(async (trx) => {
        if (!(await useLink(trx, 'email_confirmations', link.id, now))) return false;
        await setEmailUnconfirmed(trx, link.user_id, false);
        return true;
      });
      if (!confirmed) throw badRequest(LINK_INVALID, peopleText('people.auth.confirmLinkInvalid'));
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

    /**
     * POST /auth/v2/login: the token pair, or, when the account has a second factor, a pending
     * sign-in its factor completes (POST /auth/second-factor) and no token yet.
     */
    async login(body: LoginBody, device?: string): Promise<TokenPair | SecondFactorPending> {
      assertCompanyEmail(body.email);
      const user = await deps.users.findCredentials(body.email);
      const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
      if (!user || !passwordOk || user.is_available !== 'available')
        throw unauthenticated(MESSAGES.loginFailed, peopleText('people.auth.loginFailed'));

      return (await secondFactor.afterPassword(user)) ?? startSession(user, 'password', device);
    },

    /** The second factor: the step after the password, passkey sign-in, a person's factors, the policy. */
    secondFactor,

    /**
     * Sign-in with the company's identity provider (single sign-on): the account of the person's
     * identity there (sso-identity.ts), the same company-domain rule for the e-mail it verified and
     * the same token pair as a password sign-in. A first sign-in makes the account (role user, no
     * password); a disabled account is refused.
     */
    async signInSingleSignOn(identity: SsoIdentity, device?: string): Promise<TokenPair> {
      assertCompanyEmail(identity.email);
      const user = await accountOfSsoIdentity(db, deps.users, identity, clock.now());
      if (user.is_available !== 'available')
        throw unauthenticated(ACCOUNT_DISABLED, peopleText('people.auth.accountDisabled'));
      return startSession(user, 'sso', device);
    },

    /**
     * A session for the person a linked chat account is (the LIFF page inside LINE, docs/line.md):
     * the channel verified who they are there; the account must still be active. It ends like a
     * single sign-on's (SSO_SESSION_TTL), so LINE is asked again at least that often.
     */
    async signInByChatLink(user: AuthUser, method: 'line', device?: string): Promise<TokenPair> {
      const account = await deps.users.findActive(user.id);
      if (!account) throw unauthenticated(ACCOUNT_DISABLED, peopleText('people.auth.accountDisabled'));
      return startSession(account, method, device);
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
        // Past the session's absolute lifetime: however recently it was used, it ends (ASVS 7.3.2).
        if (sessionEnd(config, row) <= now.getTime()) {
          await revokeFamily(trx, row.family_id, nowIso);
          return { kind: 'invalid' };
        }
        const user = await deps.users.findActive(row.user_id, trx);
        if (!user) return { kind: 'invalid' };
        // Only one of several concurrent uses of the same token wins this conditional update.
        if (!(await claimRefreshToken(trx, row.id, nowIso))) return { kind: 'invalid' };
        const next = newRefreshToken();
        // The family's facts travel with its newest token (a family from before counts from this token).
        const session = {
          session_started_at: row.session_started_at ?? row.created_at,
          sign_in_method: row.sign_in_method,
          user_agent: row.user_agent,
        };
        const nextId = await insertRefreshToken(trx, {
          user_id: row.user_id,
          family_id: row.family_id,
          token_hash: next.hash,
          expires_at: refreshExpiry(now, session),
          created_at: nowIso,
          ...session,
        });
        await setReplacedBy(trx, row.id, nextId);
        return {
          kind: 'rotated',
          userId: user.id,
          role: user.role,
          notBefore: user.tokensValidAfterMs ?? 0,
          refreshToken: next.token,
          sessionId: row.family_id,
        };
      });
      if (outcome.kind !== 'rotated') throw sessionEnded();
      return {
        accessToken: await tokens.sign(outcome.userId, outcome.role, outcome.notBefore, outcome.sessionId),
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

    ...passwords,

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
}

export type AuthService = ReturnType<typeof createAuthService>;
