import { CategorySchema, type CategoryCreateBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** POST /category. */
export const createCategory = (body: CategoryCreateBody) =>
  api('/category', { method: 'POST', body, schema: CategorySchema });

export function useCreateCategory() {
  return useInvalidatingMutation(createCategory, [managementKeys.all]);
}
