import type { RenameBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions } from './me';
import { logFailure } from '@/lib/log-failure';

/** PATCH /user: the signed-in person renames themself (the answer's schema loads with the call). */
export const renameMe = async (body: RenameBody) => {
  const { UserSchema } = await import('./rename-schemas');
  return api('/user', { method: 'PATCH', body, schema: UserSchema });
};

/**
 * Rename with the new name shown at once; on failure the old name comes back and the error is
 * only logged: a failed rename shows no message.
 */
export function useRenameMe() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  const setName = (name: string) => queryClient.setQueryData(queryKey, (me) => (me ? { ...me, name } : me));
  return useMutation({
    mutationFn: renameMe,
    onMutate: (body) => {
      const previous = queryClient.getQueryData(queryKey)?.name;
      setName(body.name);
      return { previous };
    },
    onSuccess: (user) => setName(user.name),
    onError: (error, _body, context) => {
      logFailure('rename failed', error);
      if (context?.previous !== undefined) setName(context.previous);
    },
  });
}
