import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A gentle poll so the screen recovers even if the live connection drops unnoticed. */
export const MY_QUEUE_POLL_MS = 30_000;

/** GET /order/my-queue (the schema loads with the call: see order-schemas.ts). */
export const fetchMyQueue = async (signal?: AbortSignal) => {
  const { MyQueueSchema } = await import('./order-schemas');
  return api('/order/my-queue', { schema: MyQueueSchema, signal });
};

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
