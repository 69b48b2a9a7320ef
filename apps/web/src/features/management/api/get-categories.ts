import { CategorySchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { managementKeys } from './keys';

/** GET /category: the available categories (cafe and bar) with their menus. */
export const fetchCategories = () => api('/category', { schema: z.array(CategorySchema) });

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: managementKeys.categories(), queryFn: fetchCategories });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
