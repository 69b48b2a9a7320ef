import { SYSTEM_ACTOR_NAME, type ChangeActor } from '@cafe/shared';
import type { Db } from './types';

/**
 * The account the cafe acts as by itself (migration 008): what the opening hours and the timers do
 * (opening and closing the shop, rejecting the orders still waiting at closing time, cancelling an
 * order whose tumbler did not come, reminders, releasing orders for later) is recorded as done by
 * it, since the order history and the shop status name who made each change. Nobody can sign in as
 * it: it has no password, an address no company domain matches, and it is unavailable.
 *
 * It is found by its e-mail address. Its stored name is the one migration 008 gave it; what every
 * answer shows of it is SYSTEM_ACTOR_NAME, the cafe timer (`systemActor`), so nothing stored changes.
 */
export const SYSTEM_ACCOUNT = { name: 'Opening hours', email: 'opening-hours@system.invalid' } as const;

/** The id of the system account. */
export async function findSystemAccountId(db: Db): Promise<number> {
  const id = await findSystemAccountIdIfAny(db);
  if (id === null) throw new Error('The system account ("Opening hours", migration 008) is missing.');
  return id;
}

/** The id of the system account, or null in a database without one. */
export async function findSystemAccountIdIfAny(db: Db): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', SYSTEM_ACCOUNT.email).executeTakeFirst();
  return row?.id ?? null;
}

/** The system account as an answer names who made a change: the cafe timer. */
export function systemActor(id: number): ChangeActor {
  return { id, name: SYSTEM_ACTOR_NAME, system: true };
}

/** Who made a change, as an answer names them: a person by their name, the system account as the cafe timer. */
export function changeActor(id: number, name: string, email: string | null): ChangeActor {
  return email === SYSTEM_ACCOUNT.email ? systemActor(id) : { id, name };
}
