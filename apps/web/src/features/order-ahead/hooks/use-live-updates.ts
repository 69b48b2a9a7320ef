import {
  applyQueueEvent,
  FINISHED_ORDER_STATUSES,
  isStatusIn,
  type CategoryFor,
  type LiveEventPayload,
} from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { categoriesQueryOptions } from '@/features/order-ahead/api/get-categories';
import { myQueueQueryOptions, readMyOrdersAgain } from '@/features/order-ahead/api/get-my-queue';
import { isOwnPlacement } from '@/features/order-ahead/api/own-placements';
import { orderCountQueryOptions } from '@/features/order-ahead/api/get-order-count';
import { orderHistoryQueryOptions } from '@/features/order-ahead/api/get-order-history';

/** A reconnect after which nothing is read again. */
function readNothing() {}

/**
 * A barista's change to an item or category ('menu' event) refreshes the menu, so an item turned
 * inactive greys out without a reload; after a reconnect the menu is fetched again, unless
 * `onReconnect` is false (the order form: a read at every (re)connect would re-render the form
 * under the person's keys).
 */
export function useMenuLiveUpdates(categoryFor: CategoryFor, { onReconnect = true } = {}): void {
  const queryClient = useQueryClient();
  const handleChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions(categoryFor).queryKey });
  }, [queryClient, categoryFor]);
  useLiveEvent('menu', handleChange);
  useOnReconnect(onReconnect ? handleChange : readNothing);
}

/**
 * The person's own orders move on ('orders' event, sent to the owner, carrying the order) and the
 * queue moves ahead of them ('queue' event): today's list and the history are updated where they
 * are, without asking the server again. Only what the event cannot say is read again: a new order
 * (its place in the queue) and the daily count when it changes, except for this tab's own
 * placement, whose answer says both. After a reconnect everything is
 * read again, since events may have been missed meanwhile.
 */
export function useMyOrdersLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      if (!enabled) return;
      const queueKey = myQueueQueryOptions().queryKey;
      const list = queryClient.getQueryData(queueKey);
      // A read under way began before this change and would overwrite it: read again after it.
      if (queryClient.isFetching({ queryKey: queueKey }) > 0)
        void queryClient.invalidateQueries({ queryKey: queueKey });
      // This tab's own new order: the placement's answer brings it with its place and the daily
      // count (usePlaceOrder).
      const own = event.from === null && isOwnPlacement(event.id);
      const known = list?.find((o) => o.id === event.id);
      if (list && known) {
        queryClient.setQueryData(
          queueKey,
          list.map((o) =>
            o.id !== event.id
              ? o
              : event.status === 'ordered'
                ? { ...o, ...event.order }
                : { ...event.order, queue_at: null, estimatedWaitMinutes: null },
          ),
        );
        // It joined the line just now (an order for later released, a start undone): the event
        // carries no place, and the one it had (none) is not its place. Read it.
        if (event.status === 'ordered' && known.queue_at == null) {
          void queryClient.invalidateQueries({ queryKey: queueKey });
        }
      } else if (!own) {
        void queryClient.invalidateQueries({ queryKey: queueKey });
      }
      if ((event.from === null && !own) || event.status === 'cancel' || event.status === 'rejected') {
        void queryClient.invalidateQueries({ queryKey: orderCountQueryOptions().queryKey });
      }
      if (isStatusIn(FINISHED_ORDER_STATUSES, event.status)) {
        // The event carries the finished order: the history takes it where it is (a read under
        // way would overwrite it, so that one is read again).
        const historyKey = orderHistoryQueryOptions().queryKey;
        if (queryClient.isFetching({ queryKey: historyKey }) > 0) {
          void queryClient.invalidateQueries({ queryKey: historyKey });
        }
        queryClient.setQueryData(historyKey, (past) =>
          past ? [event.order, ...past.filter((o) => o.id !== event.id)] : past,
        );
      }
    },
    [queryClient, enabled],
  );
  useLiveEvent('orders', handleOrder);

  const handleQueue = useCallback(
    (event: LiveEventPayload<'queue'>) => {
      if (!enabled) return;
      const queueKey = myQueueQueryOptions().queryKey;
      const list = queryClient.getQueryData(queueKey);
      if (queryClient.isFetching({ queryKey: queueKey }) > 0)
        void queryClient.invalidateQueries({ queryKey: queueKey });
      if (list) queryClient.setQueryData(queueKey, applyQueueEvent(list, event));
    },
    [queryClient, enabled],
  );
  useLiveEvent('queue', handleQueue);

  const handleReconnect = useCallback(() => {
    if (enabled) void readMyOrdersAgain(queryClient);
  }, [queryClient, enabled]);
  useOnReconnect(handleReconnect);
}
