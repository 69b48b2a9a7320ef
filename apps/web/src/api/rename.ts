import { UserSchema, type RenameBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../stores/session';
import { meQueryOptions } from './me';

/** PATCH /user: the signed-in person renames themself. */
export const renameMe = (body: RenameBody) => api('/user', { method: 'PATCH', body, schema: UserSchema });

/**
 * Rename with the new name shown at once; on failure the old name comes back and the error is
 * only logged (SPEC section 8: "Rename failure: logged only").
 */
export function useRenameMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameMe,
    onMutate: (body) => {
      const previous = useSession.getState().user.name;
      useSession.getState().setUser({ name: body.name });
      return { previous };
    },
    onSuccess: (user) => {
      useSession.getState().setUser({ name: user.name });
      queryClient.setQueryData(meQueryOptions().queryKey, (me) => (me ? { ...me, name: user.name } : me));
    },
    onError: (error, _body, context) => {
      console.error('rename failed', error);
      if (context) useSession.getState().setUser({ name: context.previous });
    },
  });
}
