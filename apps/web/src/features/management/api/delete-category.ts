import { CategorySchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/**
 * PATCH /category/{id}/unavailable: soft delete. The specification confirms success by the
 * returned isAvailable being "unavailable", so anything else counts as a failure here.
 */
export async function deleteCategory(id: number) {
  const category = await api(`/category/${id}/unavailable`, { method: 'PATCH', schema: CategorySchema });
  if (category.isAvailable !== 'unavailable') throw new Error('The category was not deleted.');
  return category;
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async (category) => {
      queryClient.removeQueries({ queryKey: managementKeys.category(category.id) });
      await queryClient.invalidateQueries({ queryKey: managementKeys.categories() });
    },
  });
}
