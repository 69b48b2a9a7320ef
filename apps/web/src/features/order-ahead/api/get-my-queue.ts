import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-listeners';

/**
 * The fallback read of My orders while the live channel is down (or not yet up): with the channel
 * up, its events keep the list true and nothing is read on a timer (docs/performance.md).
 */
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
  });

export function useMyQueue() {
  const connected = useLiveStatus((s) => s.connected);
  return useQuery({ ...myQueueQueryOptions(), refetchInterval: connected ? false : MY_QUEUE_POLL_MS });
}
