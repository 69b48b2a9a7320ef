import type { User } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryOptions } from './get-users';

/**
 * DELETE /user/{id} (admin; never the admin's own account): someone who left. 404 when already
 * deleted; 409 ACCOUNT_HAS_OPEN_ORDERS while one of their orders waits or is being made.
 */
export const deleteUser = (id: number) => api(`/user/${id}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const { queryKey } = usersQueryOptions();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<User[]>(queryKey, (users) => users?.filter((u) => u.id !== id));
    },
    // Read the list again either way: an account deleted meanwhile (404) goes from it too.
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
