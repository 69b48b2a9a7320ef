import type { Category, CategoryFor } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiServerChecked } from '@/lib/api-client';

/**
 * The available categories of a venue, each with its available items (active and inactive): GET
 * /category, read on the menu, the first screen, so its answer is not parsed again here.
 */
export const categoriesQueryOptions = (categoryFor: CategoryFor) =>
  queryOptions({
    queryKey: ['ordering', 'categories', categoryFor] as const,
    queryFn: ({ signal }) => apiServerChecked<Category[]>('/category', { query: { categoryFor }, signal }),
    // Only what the specification lets a customer see: available categories and items of this venue.
    select: (categories: Category[]) =>
      categories
        .filter((c) => c.isAvailable === 'available' && c.categoryFor === categoryFor)
        .map((c) => ({ ...c, menu: c.menu.filter((m) => m.isAvailable === 'available') })),
  });

export function useCategories(categoryFor: CategoryFor) {
  return useQuery(categoriesQueryOptions(categoryFor));
}
