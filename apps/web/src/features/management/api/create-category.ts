import { CategorySchema, type CategoryCreateBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** POST /category. */
export const createCategory = (body: CategoryCreateBody) =>
  api('/category', { method: 'POST', body, schema: CategorySchema });

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managementKeys.all }),
  });
}
