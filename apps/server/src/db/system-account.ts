import type { Db } from './types';

/**
 * The account the opening hours act as (migration 008): what the schedule does (opening and
 * closing the shop, rejecting the orders still waiting at closing time) is recorded as done by it,
 * since the order history and the shop status name who made each change. Nobody can sign in as
 * it: it has no password, an address no company domain matches, and it is unavailable.
 */
export const SYSTEM_ACCOUNT = { name: 'Opening hours', email: 'opening-hours@system.invalid' } as const;

/** The id of the opening hours' account. */
export async function findSystemAccountId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', SYSTEM_ACCOUNT.email)
    .executeTakeFirstOrThrow(() => new Error('The "Opening hours" account is missing (migration 008).'));
  return row.id;
}
