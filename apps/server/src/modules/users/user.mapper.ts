import type { User } from '@cafe/shared';
import type { AuthUser } from '../../context';
import type { UserRow } from './users.repository';

/** A users row as the contract shows it: never the password hash or push state. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isAvailable: row.is_available,
    team: row.team ?? null,
  };
}

/** The signed-in user: what requests carry as `authUser` (and GET /user/me answers). */
export function toAuthUser(
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'home_site_id'> & {
    email_unconfirmed?: number;
    tokens_valid_after?: string | null;
  },
): AuthUser {
  const account: AuthUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    homeSiteId: user.home_site_id ?? null,
  };
  if (Number(user.email_unconfirmed) === 1) account.emailUnconfirmed = true;
  if (user.tokens_valid_after) account.tokensValidAfterMs = Date.parse(user.tokens_valid_after);
  return account;
}
