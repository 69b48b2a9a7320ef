import type { LiveEventPayload } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSettings } from '@/api/settings';
import { formatCafeTime } from '@/lib/cafe-time';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { baristaOrdersRootKey } from '@/features/barista/api/get-barista-orders';
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
  const { cafeTimeZone } = useSettings();

  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }), [queryClient]);

  const handleOrdersEvent = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      if (event.status === 'picked') return;
      void refetch();
      if (event.status === 'ordered') {
        play();
        addNewOrder();
        setNewOrderIds((ids) => new Set(ids).add(event.id));
        setAnnouncement(`New order received at ${formatCafeTime(event.updatedAt, cafeTimeZone)}`);
      }
    },
    [addNewOrder, cafeTimeZone, play, refetch],
  );
  useLiveEvent('orders', handleOrdersEvent);

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
