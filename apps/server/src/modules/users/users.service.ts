import type { Me, User, UserPatchBody } from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { revokeAllUserTokens } from '../auth/auth.repository';
import { toMe, toUser } from './user.mapper';
import { listUsers, setPushStatus, updateUser, type UserChanges } from './users.repository';

export function createUsersService(ctx: AppContext) {
  const { db, clock } = ctx;

  return {
    /** The auth plugin has just read the caller from the database; no second query needed. */
    me(caller: AuthUser): Me {
      return toMe(caller);
    },

    async rename(caller: AuthUser, name: string): Promise<User> {
      const row = await updateUser(db, caller.id, { name }, iso(clock.now()));
      if (!row) throw notFound('User');
      return toUser(row);
    },

    async disablePush(caller: AuthUser, userId: number): Promise<void> {
      if (userId !== caller.id) throw forbidden('You can only turn off notifications for your own account.');
      await setPushStatus(db, userId, 'INACTIVE');
    },

    async list(): Promise<User[]> {
      return (await listUsers(db)).map(toUser);
    },

    /**
     * An admin edits someone else. Their own account is off limits here, so no admin can lock
     * themselves out or remove the last admin by accident.
     */
    async update(caller: AuthUser, userId: number, patch: UserPatchBody): Promise<User> {
      if (userId === caller.id) throw forbidden('You cannot change your own account. Ask another admin.');
      const changes: UserChanges = {};
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.role !== undefined) changes.role = patch.role;
      if (patch.isAvailable !== undefined) changes.is_available = patch.isAvailable;
      const now = iso(clock.now());
      const row = await db.transaction().execute(async (trx) => {
        const updated = await updateUser(trx, userId, changes, now);
        // A disabled account loses its sessions at once; its access tokens already stop working
        // because every request re-reads the user.
        if (updated && patch.isAvailable === 'unavailable') await revokeAllUserTokens(trx, userId, now);
        return updated;
      });
      if (!row) throw notFound('User');
      // Live connections joined their rooms under the old role: make them reconnect.
      if (patch.role !== undefined || patch.isAvailable !== undefined) ctx.events.sessionChanged(userId);
      return toUser(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
