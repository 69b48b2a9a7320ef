import { QueuedOrderSchema } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A gentle poll so the screen recovers even if the live connection drops unnoticed. */
export const MY_QUEUE_POLL_MS = 30_000;

export const fetchMyQueue = (signal?: AbortSignal) =>
  api('/order/my-queue', { schema: z.array(QueuedOrderSchema), signal });

/** Today's orders of the caller, all statuses, newest first, with queue place and wait estimate. */
export const myQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'my-queue'] as const,
    queryFn: ({ signal }) => fetchMyQueue(signal),
    refetchInterval: MY_QUEUE_POLL_MS,
  });

export function useMyQueue() {
  return useQuery(myQueueQueryOptions());
}
