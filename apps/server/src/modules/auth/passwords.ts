import {
  peopleText,
  isCompanyEmail,
  type ChangePasswordBody,
  type NotificationLanguage,
  type PasswordResetBody,
  type TokenPair,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import type { Change } from '../../lib/domain-events';
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
const NO_PASSWORD =
  'This account signs in with the company sign-in only and has no password to change. Change it with your company.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

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

  /** A new password in the audit log: who (the person themselves), whose, never the password. */
  async function recordPasswordChange(
    userId: number,
    actor: { id: number; name: string },
    action: 'user.password' | 'user.password-reset',
  ): Promise<void> {
    const change: Change = { actor, action, target: { type: 'user', id: userId }, before: null, after: null };
    await ctx.domainEvents.emit('user.changed', { userId, endSessions: true, changes: [change] });
  }

  return {
    /**
     * POST /auth/password: the caller's new password, their current one asked. Every session ends
     * (refresh tokens revoked, access tokens refused) but this device's, which goes on with the
     * fresh token pair answered here.
     */
    async changePassword(caller: AuthUser, body: ChangePasswordBody, device?: string): Promise<TokenPair> {
      const account = await deps.users.findCredentialsById(caller.id);
      if (!account) throw unauthenticated(SESSION_ENDED, peopleText('people.auth.sessionEnded'));
      if (!account.password_hash.startsWith('$'))
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
      await recordPasswordChange(caller.id, { id: caller.id, name: caller.name }, 'user.password');
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
      await recordPasswordChange(account.id, { id: account.id, name: account.name }, 'user.password-reset');
    },
  };
}
