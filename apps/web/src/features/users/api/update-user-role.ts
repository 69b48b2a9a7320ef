import { UserSchema, type Role, type User } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryOptions } from './get-users';

/** PATCH /user/{id} with a new role (admin; never the admin's own account). */
export const updateUserRole = ({ id, role }: { id: number; role: Role }) =>
  api(`/user/${id}`, { method: 'PATCH', body: { role }, schema: UserSchema });

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  const { queryKey } = usersQueryOptions();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: (saved) => {
      queryClient.setQueryData<User[]>(queryKey, (users) => users?.map((u) => (u.id === saved.id ? saved : u)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
