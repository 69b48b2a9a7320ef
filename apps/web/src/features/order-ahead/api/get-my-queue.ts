import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-listeners';
import { orderCountQueryOptions } from './get-order-count';
import { orderHistoryQueryOptions } from './get-order-history';

/**
 * The fallback read of My orders while the live channel is down (or not yet up): with the channel
 * up, its events keep the list true and nothing is read on a timer (docs/performance.md).
 */
export const MY_QUEUE_POLL_MS = 30_000;

/** Today's orders of the caller, all statuses, newest first, with queue place and wait estimate. */
export const myQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['ordering', 'my-queue'] as const,
    // GET /order/my-queue (the schema loads with the call: see order-schemas.ts).
    queryFn: async ({ signal }) => {
      const { MyQueueSchema } = await import('./order-schemas');
      return api('/order/my-queue', { schema: MyQueueSchema, signal });
    },
  });

export function useMyQueue() {
  const connected = useLiveStatus((s) => s.connected);
  return useQuery({ ...myQueueQueryOptions(), refetchInterval: connected ? false : MY_QUEUE_POLL_MS });
}

/** What a change of the person's orders may change: today's list, the daily count, the history. */
export const myOrdersKeys = () => [
  myQueueQueryOptions().queryKey,
  orderCountQueryOptions().queryKey,
  orderHistoryQueryOptions().queryKey,
];

/** Reads today's orders, the daily count and the history again. */
export const readMyOrdersAgain = (queryClient: QueryClient) =>
  Promise.all(myOrdersKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
