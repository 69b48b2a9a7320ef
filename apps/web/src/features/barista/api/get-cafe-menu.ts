import { CategorySchema, type Category } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /category?categoryFor=cafe: the cafe menu a walk-up order is chosen from. */
export const fetchCafeMenu = (signal?: AbortSignal) =>
  api('/category', { query: { categoryFor: 'cafe' }, schema: z.array(CategorySchema), signal });

/** The cafe's available categories, each with its available items (active and inactive), in menu order. */
export const cafeMenuQueryOptions = () =>
  queryOptions({
    queryKey: ['barista', 'cafe-menu'] as const,
    queryFn: ({ signal }) => fetchCafeMenu(signal),
    select: (categories: Category[]) =>
      categories
        .filter((c) => c.isAvailable === 'available' && c.categoryFor === 'cafe')
        .map((c) => ({ ...c, menu: c.menu.filter((m) => m.isAvailable === 'available') })),
  });

export function useCafeMenu() {
  return useQuery(cafeMenuQueryOptions());
}
