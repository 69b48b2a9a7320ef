import {
  peopleText,
  isCompanyEmail,
  type AuditAction,
  type ChangePasswordBody,
  type NotificationLanguage,
  type PasswordResetBody,
  type TokenPair,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, refusal, unauthenticated } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { iso } from '../../lib/time';
import { passwordResetMessage } from '../notifications/messages';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { findLink, replaceLink, revokeAllUserTokens, useLink } from './auth.repository';
import { newEmailLink, sha256 } from './email-link';
import { assertStrongPassword } from './password-policy';

/** How long a password-reset link works. */
export const RESET_MINUTES = 30;
const RESET_INVALID = 'This reset link is not valid, or it was used already. Ask for a new one.';
const RESET_EXPIRED = 'This reset link has expired. Ask for a new one.';
const RESET_UNAVAILABLE =
  'Resetting a password by e-mail is not available here: e-mail is not configured. Please contact the team.';
const WRONG_PASSWORD = 'The current password is not right.';
const WRONG_PASSWORD_AGAIN = 'The password is not right.';
const NO_PASSWORD =
  'This account signs in with the company sign-in only and has no password to change. Change it with your company.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const sessionEnded = () => unauthenticated(SESSION_ENDED, peopleText('people.auth.sessionEnded'));

/** Whether the account signs in with a password (a single sign-on account holds no argon2 hash). */
export function hasPassword(passwordHash: string): boolean {
  return passwordHash.startsWith('$');
}

/** What an audit entry may say besides its `after`: the values before, of whom, and whether every session ends. */
interface AuditExtras {
  before?: Record<string, unknown> | null;
  target?: number | null;
  endSessions?: boolean;
}

/** A change of a person's sign-in in the audit log (of every staff member's: `target` null), never a secret. */
export function signInAudit(ctx: Pick<AppBase, 'domainEvents'>) {
  return async (
    userId: number,
    actor: { id: number; name: string },
    action: AuditAction,
    after?: Record<string, unknown> | null,
    { before = null, target = userId, endSessions = false }: AuditExtras = {},
  ): Promise<void> => {
    await ctx.domainEvents.emit('user.changed', {
      userId,
      endSessions,
      changes: [{ actor, action, target: { type: 'user', id: target }, before, after: after ?? null }],
    });
  };
}

/** The password a signed-in person is asked again (to end sessions, remove a factor, new recovery codes). */
export async function assertPasswordAgain(passwordHash: string, password: string): Promise<void> {
  if (!(await verifyPassword(passwordHash, password))) {
    throw refusal(400, 'WRONG_PASSWORD', peopleText('people.auth.passwordWrong'), WRONG_PASSWORD_AGAIN);
  }
}

/** Changing a password, and resetting a forgotten one by an e-mailed link (part of the auth service). */
export function createPasswords(
  ctx: AppBase,
  deps: { users: UsersService; notifications: NotificationsService },
  auth: {
    /** Whether e-mail is configured (without it, no reset links). */
    confirming: boolean;
    /** The words of the company a password must not be made of (its domain, the app's and the sites' names). */
    companyWords: () => Promise<string[]>;
    /** A refresh token of a new family for the person, in `trx` (the device that changed the password). */
    startFamily: (trx: Db, userId: number, now: Date, device?: string) => Promise<string>;
  },
) {
  const { db, config, clock, tokens } = ctx;
  const { confirming, companyWords, startFamily } = auth;

  const audit = signInAudit(ctx);

  return {
    /**
     * POST /auth/password: the caller's new password, their current one asked. Every session ends
     * (refresh tokens revoked, access tokens refused) but this device's, which goes on with the
     * fresh token pair answered here.
     */
    async changePassword(caller: AuthUser, body: ChangePasswordBody, device?: string): Promise<TokenPair> {
      const account = await deps.users.findCredentialsById(caller.id);
      if (!account) throw sessionEnded();
      if (!hasPassword(account.password_hash))
        throw refusal(409, 'NO_PASSWORD', peopleText('people.auth.noPassword'), NO_PASSWORD);
      if (!(await verifyPassword(account.password_hash, body.currentPassword))) {
        throw refusal(400, 'WRONG_PASSWORD', peopleText('people.auth.currentPasswordWrong'), WRONG_PASSWORD);
      }
      await assertStrongPassword(body.newPassword, {
        email: account.email,
        name: account.name,
        words: await companyWords(),
      });
      const passwordHash = await hashPassword(body.newPassword);
      const now = clock.now();
      const { notBefore, refreshToken } = await db.transaction().execute(async (trx) => {
        const after = await deps.users.setPasswordHash(caller.id, passwordHash, trx);
        await revokeAllUserTokens(trx, caller.id, iso(now));
        return { notBefore: after, refreshToken: await startFamily(trx, caller.id, now, device) };
      });
      deps.users.forget(caller.id);
      await audit(caller.id, { id: caller.id, name: caller.name }, 'user.password', null, { endSessions: true });
      return { accessToken: await tokens.sign(caller.id, caller.role, notBefore), refreshToken };
    },

    /**
     * POST /auth/password-reset: a reset link to the address if it has an account that may sign in
     * with a password; the same answer either way (the caller answers 202 after it).
     */
    async requestPasswordReset(email: string, language: NotificationLanguage = 'en'): Promise<void> {
      if (!confirming) throw refusal(404, 'NOT_FOUND', peopleText('people.auth.resetUnavailable'), RESET_UNAVAILABLE);
      const account = isCompanyEmail(email, config.companyEmailDomain)
        ? await deps.users.findCredentials(email)
        : undefined;
      if (!account || account.is_available !== 'available') {
        // As long as the known address takes: a link made (a token and its hash), no e-mail.
        newEmailLink(clock.now(), RESET_MINUTES);
        return;
      }
      const { token, row } = newEmailLink(clock.now(), RESET_MINUTES);
      await db.transaction().execute(async (trx) => {
        await replaceLink(trx, 'password_resets', { user_id: account.id, ...row });
        await deps.notifications.enqueueEmail(trx, {
          userId: account.id,
          email: account.email,
          name: account.name,
          language,
          event: 'reset-password',
          message: passwordResetMessage(language, `/reset-password#token=${token}`, RESET_MINUTES),
        });
      });
      deps.notifications.wake();
    },

    /** POST /auth/password-reset/confirm: the link's token sets a new password, once; every session of the person ends. */
    async resetPassword(body: PasswordResetBody): Promise<void> {
      if (!confirming) throw refusal(404, 'NOT_FOUND', peopleText('people.auth.resetUnavailable'), RESET_UNAVAILABLE);
      const link = await findLink(db, 'password_resets', sha256(body.token));
      if (!link || link.used_at !== null) throw badRequest(RESET_INVALID, peopleText('people.auth.resetLinkInvalid'));
      const now = iso(clock.now());
      if (link.expires_at <= now) throw badRequest(RESET_EXPIRED, peopleText('people.auth.resetLinkExpired'));
      const account = await deps.users.findActive(link.user_id);
      if (!account) throw badRequest(RESET_INVALID, peopleText('people.auth.resetLinkInvalid'));
      await assertStrongPassword(body.password, {
        email: account.email,
        name: account.name,
        words: await companyWords(),
      });
      const passwordHash = await hashPassword(body.password);
      const reset = await db.transaction().execute(async (trx) => {
        if (!(await useLink(trx, 'password_resets', link.id, now))) return false;
        await deps.users.setPasswordHash(account.id, passwordHash, trx);
        await revokeAllUserTokens(trx, account.id, now);
        return true;
      });
      if (!reset) throw badRequest(RESET_INVALID, peopleText('people.auth.resetLinkInvalid'));
      deps.users.forget(account.id);
      const actor = { id: account.id, name: account.name };
      await audit(account.id, actor, 'user.password-reset', null, { endSessions: true });
    },
  };
}
