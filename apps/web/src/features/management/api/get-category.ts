import { CategorySchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** GET /category/{id}: one available category with its available menu items. */
export const fetchCategory = (id: number) => api(`/category/${id}`, { schema: CategorySchema });

export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: managementKeys.category(id), queryFn: () => fetchCategory(id) });

export function useCategory(id: number) {
  return useQuery(categoryQueryOptions(id));
}
