import type { SignInMethod } from '@cafe/shared';
import type { Db } from '../../db/types';
import { revokeLive } from './auth.repository';

/** A live session: the newest, unrevoked, unexpired token of a family, with the family's facts. */
export interface LiveSessionRow {
  family_id: string;
  session_started_at: string | null;
  sign_in_method: SignInMethod;
  user_agent: string | null;
  /** The newest token's issue: the sign-in or the latest refresh. */
  created_at: string;
}

/** The person's live sessions, newest use first (one live token per family: rotation revokes the one before). */
export function listLiveSessions(db: Db, userId: number, now: string): Promise<LiveSessionRow[]> {
  return db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'session_started_at', 'sign_in_method', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The sign-in facts of one of the person's families (its newest token's), if it is theirs. */
export function findFamily(
  db: Db,
  userId: number,
  familyId: string,
): Promise<Pick<LiveSessionRow, 'session_started_at' | 'sign_in_method' | 'created_at'> | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .select(['session_started_at', 'sign_in_method', 'created_at'])
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Revokes the live token of one of the person's families; the number revoked (0: none was live). */
export async function revokeUserFamily(db: Db, userId: number, familyId: string, at: string): Promise<number> {
  const result = await revokeLive(db, at)
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every live token of the person but those of the family `keep`; the number of sessions ended. */
export async function revokeOtherFamilies(db: Db, userId: number, keep: string, at: string): Promise<number> {
  const result = await revokeLive(db, at)
    .where('user_id', '=', userId)
    .where('expires_at', '>', at)
    .where('family_id', '!=', keep)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The longest User-Agent a session keeps (the sessions list names the browser from it). */
export const USER_AGENT_MAX = 512;
