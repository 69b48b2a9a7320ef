import { UserSchema, type User } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryOptions } from './get-users';

/** PATCH /user/{id} with the person's team (admin; never the admin's own account); "" clears it. */
export const updateUserTeam = ({ id, team }: { id: number; team: string }) =>
  api(`/user/${id}`, { method: 'PATCH', body: { team }, schema: UserSchema });

export function useUpdateUserTeam() {
  const queryClient = useQueryClient();
  const { queryKey } = usersQueryOptions();
  return useMutation({
    mutationFn: updateUserTeam,
    onSuccess: (saved) => {
      queryClient.setQueryData<User[]>(queryKey, (users) => users?.map((u) => (u.id === saved.id ? saved : u)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
