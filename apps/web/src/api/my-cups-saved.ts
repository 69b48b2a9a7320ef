import type { LiveEventPayload } from '@cafe/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/socket';

/** GET /order/cups-saved/user: the signed-in person's cups saved, this month and all time. */
export const fetchMyCupsSaved = async (signal?: AbortSignal) => {
  const { MyCupsSavedSchema } = await import('./my-cups-saved-schema');
  return api('/order/cups-saved/user', { schema: MyCupsSavedSchema, signal });
};

export const myCupsSavedQueryOptions = () =>
  queryOptions({
    queryKey: ['cups-saved', 'mine'] as const,
    queryFn: ({ signal }) => fetchMyCupsSaved(signal),
  });

/**
 * The person's cups saved, read again when one of their drinks is picked up (or a pick-up is
 * undone): the owner's `orders` event says the status, not the count, which only the server knows.
 * A change missed while offline shows on the next visit; it is not worth a read on every reconnect.
 */
export function useMyCupsSaved() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: myCupsSavedQueryOptions().queryKey }),
    [queryClient],
  );
  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      const picked = event.status === 'picked' || event.from === 'picked';
      if (picked && event.order.ownCup !== false) refresh();
    },
    [refresh],
  );
  useLiveEvent('orders', handleOrder);
  return useQuery(myCupsSavedQueryOptions());
}
