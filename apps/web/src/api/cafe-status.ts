import type { CafeStatus } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiServerChecked } from '@/lib/api-client';

/** GET /cafe-status; a failure is logged as the specification words it and passed on. */
export const fetchCafeStatus = () =>
  apiServerChecked<CafeStatus>('/cafe-status').catch((error: unknown) => {
    console.error('Error fetching cafe status');
    throw error;
  });

/** The venue state: public, and kept current by the `cafe-status` live event (app/use-startup). */
export const cafeStatusQueryOptions = () =>
  queryOptions({ queryKey: ['cafe-status'] as const, queryFn: fetchCafeStatus });

export function useCafeStatusQuery() {
  return useQuery(cafeStatusQueryOptions());
}

/** Before the first answer: the specification's default session user has both flags on. */
export const UNKNOWN_CAFE_STATUS: CafeStatus = { isBarOpen: true, isCafeOpen: true };

/** The venue state the screens follow (both flags on until the server has answered). */
export function useCafeStatus(): CafeStatus {
  return useCafeStatusQuery().data ?? UNKNOWN_CAFE_STATUS;
}
