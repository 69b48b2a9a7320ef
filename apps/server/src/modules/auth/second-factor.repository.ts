import type { Insertable, Selectable } from 'kysely';
import type { Db, SecondFactorChallengesTable, SecondFactorsTable } from '../../db/types';

export type FactorRow = Selectable<SecondFactorsTable>;
export type ChallengeRow = Selectable<SecondFactorChallengesTable>;

export function factorsOf(db: Db, userId: number): Promise<FactorRow[]> {
  return db.selectFrom('second_factors').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findPasskey(db: Db, credentialId: string): Promise<FactorRow | undefined> {
  return db
    .selectFrom('second_factors')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .where('kind', '=', 'passkey')
    .executeTakeFirst();
}

export async function insertFactor(db: Db, row: Insertable<SecondFactorsTable>): Promise<FactorRow> {
  return db.insertInto('second_factors').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFactor(db: Db, userId: number, id: number): Promise<FactorRow | undefined> {
  return db
    .deleteFrom('second_factors')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Every factor of the person goes (an admin's reset): answers what went. */
export function deleteFactorsOf(db: Db, userId: number): Promise<FactorRow[]> {
  return db.deleteFrom('second_factors').where('user_id', '=', userId).returningAll().execute();
}

/** Every pending sign-in and set-up of the person ends (an admin's reset). */
export async function deleteChallengesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('second_factor_challenges').where('user_id', '=', userId).execute();
}

/** A passkey used: its new signature counter. */
export async function passkeyUsed(db: Db, id: number, signCount: number, at: string): Promise<void> {
  await db
    .updateTable('second_factors')
    .set({ sign_count: signCount, last_used_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * An authenticator app's code taken for `step`: true only when no code of this step or a later one
 * was taken before (of two requests with the same code, one wins), so a code works once.
 */
export async function takeTotpStep(db: Db, id: number, step: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ totp_last_step: step, last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The person's recovery codes are these from now on (the earlier ones stop working). */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], at: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
    .execute();
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Uses the code: true for the one request that did (a used or unknown code is false). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertChallenge(
  db: Db,
  row: Insertable<SecondFactorChallengesTable>,
  now: string,
): Promise<void> {
  // Expired ones go as new ones come: the table holds only minutes' worth.
  await db.deleteFrom('second_factor_challenges').where('expires_at', '<', now).execute();
  await db.insertInto('second_factor_challenges').values(row).execute();
}

export function findChallenge(db: Db, tokenHash: string): Promise<ChallengeRow | undefined> {
  return db.selectFrom('second_factor_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** A wrong factor for this pending sign-in. */
export async function countAttempt(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('second_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** A new challenge for the same pending sign-in (its passkey options). */
export async function setChallenge(db: Db, tokenHash: string, challenge: string): Promise<void> {
  await db.updateTable('second_factor_challenges').set({ challenge }).where('token_hash', '=', tokenHash).execute();
}

/** Uses the challenge: true for the one request that did. */
export async function useChallenge(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_challenges')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function readStaffPolicy(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('security_settings')
    .select('second_factor_for_staff')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.second_factor_for_staff ?? 0) === 1;
}

export async function writeStaffPolicy(db: Db, required: boolean, at: string): Promise<void> {
  await db
    .updateTable('security_settings')
    .set({ second_factor_for_staff: required ? 1 : 0, updated_at: at })
    .where('id', '=', 1)
    .execute();
}
