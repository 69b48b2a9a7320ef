import { TimelineEntrySchema, type Id } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /order/{id}/timeline: every move of an order, oldest first, with who made it. */
export const fetchOrderTimeline = (id: Id, signal?: AbortSignal) =>
  api(`/order/${id}/timeline`, { schema: z.array(TimelineEntrySchema), signal });

/** Prefix of every timeline, for invalidation after an undo. */
export const orderTimelineRootKey = ['order-timeline'] as const;

export const orderTimelineQueryOptions = (id: Id) =>
  queryOptions({
    queryKey: [...orderTimelineRootKey, id] as const,
    queryFn: ({ signal }) => fetchOrderTimeline(id, signal),
    // Opened to see what just happened: always read afresh.
    staleTime: 0,
  });

export function useOrderTimeline(id: Id) {
  return useQuery(orderTimelineQueryOptions(id));
}
