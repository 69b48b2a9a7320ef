import { LIVE_EVENTS, OrdersEventSchema, type OrderStatus } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { useLiveEvent } from '../../../lib/socket';
import { myQueueQueryOptions } from '../api/get-my-queue';
import { statusAnnouncement } from '../lib/order-display';

/** Changes the barista makes (the person's own cancel or pick-up needs no news). */
const NEWS: readonly OrderStatus[] = ['in-progress', 'done', 'rejected'];

/**
 * Turns a live change of one of the person's orders into a sentence for the aria-live region
 * ("Your Latte is ready"); a ready or rejected drink also gets a toast.
 */
export function useOrderAnnouncements(): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  const handleOrderEvent = useCallback(
    (payload: unknown) => {
      const event = OrdersEventSchema.safeParse(payload);
      if (!event.success || !NEWS.includes(event.data.status)) return;
      const known = queryClient.getQueryData(myQueueQueryOptions().queryKey)?.find((o) => o.id === event.data.id);
      if (!known || known.status === event.data.status) return;
      const text = statusAnnouncement(known.menu.name, event.data.status);
      if (!text) return;
      setAnnouncement(text);
      if (event.data.status === 'done') toast.success(text);
      if (event.data.status === 'rejected') toast.error(text);
    },
    [queryClient],
  );
  useLiveEvent(LIVE_EVENTS.orders, handleOrderEvent);

  return announcement;
}
