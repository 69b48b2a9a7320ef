import type { CategoryFor, SlotList } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiServerChecked } from '@/lib/api-client';

/** Every site's and venue's slots (invalidating it reads whichever are shown again). */
export const slotsRootKey = ['ordering', 'slots'] as const;

/**
 * GET /sites/{siteId}/slots: the pickup times a person may order for now at a site's venue. Read
 * by the order form's pickup choice and by starting a coffee run: it lives here once.
 */
export const slotsQueryOptions = (siteId: number, venue: CategoryFor) =>
  queryOptions({
    queryKey: [...slotsRootKey, siteId, venue] as const,
    queryFn: ({ signal }) => apiServerChecked<SlotList>(`/sites/${siteId}/slots`, { query: { venue }, signal }),
    // Slots fill up and pass: read again when the picker is looked at again.
    staleTime: 30_000,
  });

export function useSlots(siteId: number | undefined, venue: CategoryFor, enabled: boolean) {
  return useQuery({ ...slotsQueryOptions(siteId ?? 0, venue), enabled: enabled && siteId !== undefined });
}
