import type { Me, User } from '@cafe/shared';
import type { UserRow } from './users.repository';

/** A users row as the contract shows it: never the password hash or push state. */
export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, role: row.role, isAvailable: row.is_available };
}

/** The signed-in user: what GET /user/me answers and what requests carry as `authUser`. */
export function toMe(user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): Me {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
