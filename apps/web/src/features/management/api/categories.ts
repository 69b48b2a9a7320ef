import { CategorySchema, type CategoryCreateBody, type CategoryPatchBody } from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** GET /category: the available categories (cafe and bar) with their menus. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: managementKeys.categories(),
    queryFn: () => api('/category', { schema: z.array(CategorySchema) }),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** GET /category/{id}: one available category with its available menu items. */
export function useCategory(id: number) {
  return useQuery({
    queryKey: managementKeys.category(id),
    queryFn: () => api(`/category/${id}`, { schema: CategorySchema }),
  });
}

/** POST /category. */
export function useCreateCategory() {
  return useInvalidatingMutation(
    (body: CategoryCreateBody) => api('/category', { method: 'POST', body, schema: CategorySchema }),
    [managementKeys.all],
  );
}

/** PATCH /category/{id}. */
export function useUpdateCategory() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: CategoryPatchBody }) =>
      api(`/category/${id}`, { method: 'PATCH', body, schema: CategorySchema }),
    [managementKeys.all],
  );
}

/**
 * PATCH /category/{id}/unavailable: soft delete. The specification confirms success by the
 * returned isAvailable being "unavailable", so anything else counts as a failure here.
 */
async function deleteCategory(id: number) {
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
