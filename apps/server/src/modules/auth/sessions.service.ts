import {
  peopleText,
  deviceOf,
  type EndSessionsBody,
  type Session,
  type SessionList,
  type SessionsEnded,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { forbidden, notFound, refusal, unauthenticated } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import { assertPasswordAgain, hasPassword } from './passwords';
import { sessionEnd } from './session-lifetime';
import { findFamily, listLiveSessions, revokeOtherFamilies, revokeUserFamily } from './sessions.repository';

/**
 * How long a sign-in counts as recent: an account without a password (company sign-in only) ends
 * sessions with a sign-in this fresh instead of a password (docs/decisions/0079).
 */
export const RECENT_SIGN_IN_MINUTES = 10;

const PASSWORD_NEEDED = 'Enter your password to end sessions.';
const SIGN_IN_AGAIN = `To end sessions, sign in again with the company sign-in first: a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes counts.`;

/**
 * The sessions a person can see and end (ASVS 7.5.2, docs/decisions/0079): one per refresh-token
 * family, that is one per sign-in on a device. Ending one revokes its family (its next refresh is a
 * 401) and every access token of the person (the other devices refresh theirs silently), and drops
 * the person's live connections, which reconnect with tokens that are still good.
 */
export function createSessionsService(ctx: AppBase, deps: { users: UsersService }) {
  const { db, clock, config, tokens } = ctx;

  /** Until when the caller's session counts as a recent sign-in (epoch ms), or null. */
  async function recentUntil(caller: AuthUser, sessionId: string | undefined): Promise<number | null> {
    if (sessionId === undefined) return null;
    const family = await findFamily(db, caller.id, sessionId);
    if (!family) return null;
    const started = Date.parse(family.session_started_at ?? family.created_at);
    return started + RECENT_SIGN_IN_MINUTES * 60_000;
  }

  /** The caller proves it is them again: their password, or without one a recent sign-in. */
  async function confirm(caller: AuthUser, sessionId: string | undefined, body: EndSessionsBody): Promise<void> {
    const account = await deps.users.findCredentialsById(caller.id);
    if (!account) throw unauthenticated();
    if (hasPassword(account.password_hash)) {
      if (!body.password)
        throw refusal(400, 'WRONG_PASSWORD', peopleText('people.auth.passwordNeeded'), PASSWORD_NEEDED);
      return assertPasswordAgain(account.password_hash, body.password);
    }
    const until = await recentUntil(caller, sessionId);
    if (until === null || until <= clock.now().getTime())
      throw forbidden(SIGN_IN_AGAIN, peopleText('people.auth.signInAgainToEnd', { minutes: RECENT_SIGN_IN_MINUTES }));
  }

  /** Revokes what `revoke` says and every access token of the person; a fresh access token for the caller. */
  async function end(
    caller: AuthUser,
    sessionId: string | undefined,
    revoke: (trx: typeof db, at: string) => Promise<number>,
  ): Promise<SessionsEnded> {
    const { ended, notBefore } = await db.transaction().execute(async (trx) => {
      const count = await revoke(trx, iso(clock.now()));
      return { ended: count, notBefore: count > 0 ? await deps.users.endAccessTokens(caller.id, trx) : 0 };
    });
    if (ended > 0) {
      deps.users.forget(caller.id);
      ctx.events.sessionChanged(caller.id);
    }
    const validAfter = Math.max(notBefore, caller.tokensValidAfterMs ?? 0);
    return { ended, accessToken: await tokens.sign(caller.id, caller.role, validAfter, sessionId) };
  }

  return {
    /** GET /auth/sessions: the caller's live sessions, the one asking marked. */
    async list(caller: AuthUser, sessionId: string | undefined): Promise<SessionList> {
      const now = clock.now();
      const rows = await listLiveSessions(db, caller.id, iso(now));
      const sessions: Session[] = rows.map((row) => {
        const createdAt = row.session_started_at ?? row.created_at;
        return {
          id: row.family_id,
          device: deviceOf(row.user_agent),
          signInMethod: row.sign_in_method,
          createdAt,
          lastUsedAt: row.created_at,
          endsAt: iso(new Date(sessionEnd(config, { ...row, session_started_at: createdAt }))),
          current: row.family_id === sessionId,
        };
      });
      const account = await deps.users.findCredentialsById(caller.id);
      if (account && hasPassword(account.password_hash))
        return { sessions, confirmWith: 'password', recentSignInUntil: null };
      const until = await recentUntil(caller, sessionId);
      const recent = until !== null && until > now.getTime();
      return { sessions, confirmWith: 'recent-sign-in', recentSignInUntil: recent ? iso(new Date(until)) : null };
    },

    /** POST /auth/sessions/{id}/end: one of the caller's sessions ends. 404 when none of theirs is live by that id. */
    async endOne(
      caller: AuthUser,
      sessionId: string | undefined,
      familyId: string,
      body: EndSessionsBody,
    ): Promise<SessionsEnded> {
      await confirm(caller, sessionId, body);
      const answer = await end(caller, sessionId, (trx, at) => revokeUserFamily(trx, caller.id, familyId, at));
      if (answer.ended === 0) throw notFound('This session', peopleText('people.auth.sessionNotFound'));
      return answer;
    },

    /** POST /auth/sessions/end-others: every session of the caller but the one asking ends. */
    async endOthers(caller: AuthUser, sessionId: string | undefined, body: EndSessionsBody): Promise<SessionsEnded> {
      // A token from before sessions had ids cannot say which session to keep: a 401 has the client
      // refresh (the new token names its session) and ask again.
      if (sessionId === undefined) throw unauthenticated();
      await confirm(caller, sessionId, body);
      return end(caller, sessionId, (trx, at) => revokeOtherFamilies(trx, caller.id, sessionId, at));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
