import { CategorySchema, type Category } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/**
 * GET /category?categoryFor=cafe of the site the barista works at now: the cafe menu a walk-up
 * order is chosen from, with what is sold out there (an item's and each option choice's).
 */
export const fetchCafeMenu = (siteId: number | undefined, signal?: AbortSignal) =>
  api('/category', {
    query: { categoryFor: 'cafe', ...(siteId === undefined ? {} : { siteId }) },
    schema: z.array(CategorySchema),
    signal,
  });

/** The cafe's available categories, each with its available items (active and inactive), in menu order. */
export const cafeMenuQueryOptions = (siteId: number | undefined) =>
  queryOptions({
    queryKey: ['barista', 'cafe-menu', siteId ?? null] as const,
    queryFn: ({ signal }) => fetchCafeMenu(siteId, signal),
    select: (categories: Category[]) =>
      categories
        .filter((c) => c.isAvailable === 'available' && c.categoryFor === 'cafe')
        .map((c) => ({ ...c, menu: c.menu.filter((m) => m.isAvailable === 'available') })),
  });

export function useCafeMenu() {
  return useQuery(cafeMenuQueryOptions(useStaffSite().siteId));
}
