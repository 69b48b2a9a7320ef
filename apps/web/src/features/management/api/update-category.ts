import { CategorySchema, type CategoryPatchBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** PATCH /category/{id}. */
export const updateCategory = ({ id, body }: { id: number; body: CategoryPatchBody }) =>
  api(`/category/${id}`, { method: 'PATCH', body, schema: CategorySchema });

export function useUpdateCategory() {
  return useInvalidatingMutation(updateCategory, [managementKeys.all]);
}
