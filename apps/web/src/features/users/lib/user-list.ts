import { ROLES, type Role, type User } from '@cafe/shared';
import { msgId } from '@/i18n';

/** The roles' names (message ids). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: msgId('users.role.admin'),
  user: msgId('users.role.user'),
  barista: msgId('users.role.barista'),
};

/** The role dropdown's choices in the order the specification lists them. */
export const ROLE_CHOICES = ['admin', 'user', 'barista'] as const satisfies readonly Role[];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Splits the list into the signed-in user (shown on top) and everyone else, filtered by a search. */
export function arrangeUsers(users: readonly User[], currentUserId: number | null, search: string) {
  const me = users.find((u) => u.id === currentUserId) ?? null;
  const needle = search.trim().toLowerCase();
  const others = users
    .filter((u) => u.id !== currentUserId)
    .filter((u) => needle === '' || u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));
  return { me, others };
}
