import { UserSchema, type Role, type User } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryOptions } from './get-users';

/**
 * PATCH /user/{id} with a new role or the person's team (admin; never the admin's own account); a
 * team of "" clears it.
 */
export const updateUser = ({ id, ...changes }: { id: number } & ({ role: Role } | { team: string })) =>
  api(`/user/${id}`, { method: 'PATCH', body: changes, schema: UserSchema });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { queryKey } = usersQueryOptions();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (saved) => {
      queryClient.setQueryData<User[]>(queryKey, (users) => users?.map((u) => (u.id === saved.id ? saved : u)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
