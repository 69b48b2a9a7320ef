import { randomBytes, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  isCompanyEmail,
  type LoginBody,
  type RegisterBody,
  type Role,
  type TokenPair,
  type User,
} from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { AppError, unauthenticated } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { iso } from '../../lib/time';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import {
  claimRefreshToken,
  findRefreshTokenByHash,
  insertRefreshToken,
  revokeAllUserTokens,
  revokeFamily,
  revokeUserToken,
  setReplacedBy,
} from './auth.repository';

const ACCOUNT_DISABLED = 'This account is disabled. Please contact the team.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

// A hash of nothing in particular: unknown e-mails are verified against it so that a wrong e-mail
// takes as long as a wrong password and sign-in does not reveal who has an account.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

type RefreshOutcome =
  { kind: 'rotated'; userId: number; role: Role; refreshToken: string } | { kind: 'invalid' } | { kind: 'reused' };

/** Sign-in, sessions (refresh-token families) and the identity behind an access token. */
export function createAuthService(ctx: AppContext) {
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
  async function startSession(user: { id: number; role: Role }): Promise<TokenPair> {
    const now = clock.now();
    const refresh = newRefreshToken();
    await db.transaction().execute(async (trx) => {
      await ctx.services.users.setPushStatus(user.id, 'ACTIVE', trx);
      // Every sign-in starts a token family of its own, so reuse detection ends one session only.
      await insertRefreshToken(trx, {
        user_id: user.id,
        family_id: randomUUID(),
        token_hash: refresh.hash,
        expires_at: refreshExpiry(now),
        created_at: iso(now),
      });
    });
    return { accessToken: await tokens.sign(user.id, user.role), refreshToken: refresh.token };
  }

  return {
    async register(body: RegisterBody): Promise<User> {
      assertCompanyEmail(body.email);
      return ctx.services.users.create(body);
    },

    async login(body: LoginBody): Promise<TokenPair> {
      assertCompanyEmail(body.email);
      const user = await ctx.services.users.findCredentials(body.email);
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
      const user = await ctx.services.users.findOrCreateWithoutPassword(email, name);
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
        const user = await ctx.services.users.findActive(row.user_id, trx);
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
        return { kind: 'rotated', userId: user.id, role: user.role, refreshToken: next.token };
      });
      if (outcome.kind !== 'rotated') throw unauthenticated(SESSION_ENDED);
      return { accessToken: await tokens.sign(outcome.userId, outcome.role), refreshToken: outcome.refreshToken };
    },

    /** Ends the session of this refresh token; a token of someone else is left alone. */
    async logout(userId: number, refreshToken: string): Promise<void> {
      await revokeUserToken(db, userId, hashRefreshToken(refreshToken), iso(clock.now()));
    },

    /** Ends every session of the user (their account was disabled), in the caller's transaction. */
    async endAllSessions(userId: number, trx: Db): Promise<void> {
      await revokeAllUserTokens(trx, userId, iso(clock.now()));
    },

    /** The signed-in user an access token stands for, as the database has them now; null if none. */
    async userForToken(token: string | null): Promise<AuthUser | null> {
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) return null;
      return (await ctx.services.users.findActive(claims.userId)) ?? null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
