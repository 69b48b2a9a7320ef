import { isStatusIn, type LiveEventPayload, type OrderStatus } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { i18n } from '@/i18n';
import { useLiveEvent } from '@/lib/socket';
import { myQueueQueryOptions } from '@/features/order-ahead/api/get-my-queue';
import { statusAnnouncement } from '@/features/order-ahead/lib/order-display';

/** Changes the barista makes (the person's own cancel or pick-up needs no news). */
const NEWS: readonly OrderStatus[] = ['in-progress', 'done', 'rejected'];

/**
 * Turns a live change of one of the person's orders into a sentence for the aria-live region
 * ("Your Latte is ready"); a ready or rejected drink also gets a toast, and so does a tumbler the
 * barista can not find (once per mark: its `since`).
 */
export function useOrderAnnouncements(): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const toldTumblers = useRef(new Set<string>());

  const handleOrderEvent = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      const missing = event.order.tumblerMissing;
      const known = queryClient.getQueryData(myQueueQueryOptions().queryKey)?.find((o) => o.id === event.id);
      if (missing && known && !toldTumblers.current.has(`${event.id}:${missing.since}`)) {
        toldTumblers.current.add(`${event.id}:${missing.since}`);
        const text = i18n._('order.announce.tumblerMissing', { menuName: event.order.menu.name });
        setAnnouncement(text);
        toast.warning(text);
        return;
      }
      if (!isStatusIn(NEWS, event.status)) return;
      // The live update of the list (useMyOrdersLiveUpdates) may have stored the new status
      // already: the event's `from` says whether the status changed.
      if (!known || event.from === event.status) return;
      const text = statusAnnouncement(known.menu.name, event.status);
      if (!text) return;
      setAnnouncement(text);
      if (event.status === 'done') toast.success(text);
      if (event.status === 'rejected') toast.error(text);
    },
    [queryClient],
  );
  useLiveEvent('orders', handleOrderEvent);

  return announcement;
}
