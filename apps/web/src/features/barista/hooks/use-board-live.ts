import { LIVE_EVENTS, OrdersEventSchema } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLiveEvent, useOnReconnect } from '../../../lib/socket';
import { baristaOrdersRootKey } from '../api/get-barista-orders';
import { formatCafeTime } from '../lib/cafe-zone';
import { useChime } from './use-chime';
import { useUnseenTitle } from './use-unseen-title';

/**
 * Keeps the board live: every `orders` event refetches the list (except pick-ups, which the board
 * does not show), a new order chimes and counts in the tab title, and a reconnect catches up on
 * whatever happened while the connection was down.
 */
export function useBoardLive() {
  const queryClient = useQueryClient();
  const chime = useChime();
  const { unseen, addNewOrder } = useUnseenTitle();
  const [newOrderIds, setNewOrderIds] = useState<ReadonlySet<number>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const { play } = chime;

  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }), [queryClient]);

  const handleOrdersEvent = useCallback(
    (payload: unknown) => {
      const event = OrdersEventSchema.safeParse(payload);
      if (event.success && event.data.status === 'picked') return;
      void refetch();
      if (event.success && event.data.status === 'ordered') {
        const { id } = event.data;
        play();
        addNewOrder();
        setNewOrderIds((ids) => new Set(ids).add(id));
        setAnnouncement(`New order received at ${formatCafeTime(event.data.updatedAt)}`);
      }
    },
    [addNewOrder, play, refetch],
  );
  useLiveEvent(LIVE_EVENTS.orders, handleOrdersEvent);

  const handleReconnect = useCallback(() => void refetch(), [refetch]);
  useOnReconnect(handleReconnect);

  const markSeen = useCallback((id: number) => {
    setNewOrderIds((ids) => {
      if (!ids.has(id)) return ids;
      const next = new Set(ids);
      next.delete(id);
      return next;
    });
  }, []);

  return { chime, unseen, newOrderIds, markSeen, announcement };
}
