import { CategorySchema, type CategoryPatchBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** PATCH /category/{id}. */
export const updateCategory = ({ id, body }: { id: number; body: CategoryPatchBody }) =>
  api(`/category/${id}`, { method: 'PATCH', body, schema: CategorySchema });

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managementKeys.all }),
  });
}
