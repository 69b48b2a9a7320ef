import type { CategoryFor, LiveEventPayload, QueuedOrder, WaitInputs } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { siteOrderingStatusQueryOptions, useScreenSite } from '@/api/site-state';
import { sitesQueryOptions } from '@/api/sites';
import { useStaffSite } from '@/hooks/use-staff-site';
import { i18n } from '@/i18n';
import { cafeToday, formatCafeTime } from '@/lib/cafe-time';
import { useLiveEvent, useOnReadAll } from '@/lib/socket';
import { baristaOrdersRootKey, type BaristaOrdersQuery } from '@/features/barista/api/get-barista-orders';
import { applyOrdersEvent, renumber, type QueueContext } from '@/features/barista/lib/board-cache';
import { orderLabel } from '@/features/barista/lib/order-label';
import { useChime } from './use-chime';
import { useUnseenTitle } from './use-unseen-title';

/**
 * How long a new order keeps its "New" badge when nobody takes it: long enough to be noticed across
 * the counter, short enough that "New" still means new (decision 0075).
 */
export const NEW_BADGE_MS = 3 * 60_000;

/** A page hidden longer than this (the tablet slept) may have missed events its connection never saw lost. */
const HIDDEN_CATCH_UP_MS = 15_000;

/**
 * Keeps the board live without asking the server again: every `orders` event carries the order,
 * which goes into, moves within or leaves each barista list held in the cache, and the `queue`
 * event brings the inputs of the wait estimate; `ordering-status` carries busy mode. A new order
 * chimes, counts in the tab title and is announced. A reconnect applies the events it missed, each
 * once (lib/live-sequence.ts); the board reads everything again (`catchingUp` meanwhile) only when
 * they cannot be had (the first connect, another site, a gap too old), or when the page comes back
 * after a while hidden.
 */
export function useBoardLive() {
  const queryClient = useQueryClient();
  const chime = useChime();
  const { unseen, addNewOrder } = useUnseenTitle();
  const [newOrderIds, setNewOrderIds] = useState<ReadonlySet<number>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const [catchingUp, setCatchingUp] = useState(false);
  const { play } = chime;
  // The live channel follows the staff site: its events are about this site's board, in its zone.
  const { siteId } = useStaffSite();
  const { timeZone: cafeTimeZone } = useScreenSite();

  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }), [queryClient]);
  // The latest wait inputs per venue, from `queue` events (until the first, the server's estimates stay).
  const wait = useRef<Partial<Record<CategoryFor, WaitInputs>>>({});
  const context = useCallback(
    (): QueueContext => ({ timeZone: cafeTimeZone, today: cafeToday(cafeTimeZone), wait: wait.current }),
    [cafeTimeZone],
  );
  const updateLists = useCallback(
    (update: (list: QueuedOrder[], query: BaristaOrdersQuery) => QueuedOrder[]) => {
      // A read under way began before this change and would overwrite it: read again after it.
      if (queryClient.isFetching({ queryKey: baristaOrdersRootKey }) > 0) void refetch();
      for (const [key, list] of queryClient.getQueriesData<QueuedOrder[]>({ queryKey: baristaOrdersRootKey })) {
        const query = key[1] as BaristaOrdersQuery | undefined;
        if (list && query?.status && query.siteId === siteId) queryClient.setQueryData(key, update(list, query));
      }
    },
    [queryClient, refetch, siteId],
  );

  const markSeen = useCallback((id: number) => {
    setNewOrderIds((ids) => {
      if (!ids.has(id)) return ids;
      const next = new Set(ids);
      next.delete(id);
      return next;
    });
  }, []);
  // "New" goes by itself after NEW_BADGE_MS (taking the order takes it away sooner).
  const newTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const markNew = useCallback(
    (id: number) => {
      setNewOrderIds((ids) => new Set(ids).add(id));
      clearTimeout(newTimers.current.get(id));
      newTimers.current.set(
        id,
        setTimeout(() => {
          newTimers.current.delete(id);
          markSeen(id);
        }, NEW_BADGE_MS),
      );
    },
    [markSeen],
  );
  useEffect(() => {
    const timers = newTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const handleOrdersEvent = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      updateLists((list, query) => applyOrdersEvent(list, event, query, context()));
      // A new order, or an order for later that fell due: it joins Waiting with the chime.
      if (event.status === 'ordered' && (event.from === null || event.from === 'scheduled')) {
        play();
        addNewOrder();
        markNew(event.id);
        setAnnouncement(
          i18n._('barista.live.newOrder', {
            order: orderLabel(event.order),
            time: formatCafeTime(event.updatedAt, cafeTimeZone),
          }),
        );
      }
    },
    [addNewOrder, cafeTimeZone, context, markNew, play, updateLists],
  );
  useLiveEvent('orders', handleOrdersEvent);

  const handleQueueEvent = useCallback(
    (event: LiveEventPayload<'queue'>) => {
      const now = context();
      if (event.day !== now.today) return;
      wait.current = { ...wait.current, [event.categoryFor]: event.wait };
      updateLists((list) => renumber(list, { ...now, wait: wait.current }));
    },
    [context, updateLists],
  );
  useLiveEvent('queue', handleQueueEvent);

  const handleOrderingStatus = useCallback(
    (status: LiveEventPayload<'ordering-status'>) =>
      queryClient.setQueryData(siteOrderingStatusQueryOptions(siteId).queryKey, status),
    [queryClient, siteId],
  );
  useLiveEvent('ordering-status', handleOrderingStatus);

  /** Reads the board and busy mode afresh; until both have answered the board does not claim to be live. */
  const catchUp = useCallback(() => {
    setCatchingUp(true);
    void Promise.allSettled([
      refetch(),
      queryClient.invalidateQueries({ queryKey: siteOrderingStatusQueryOptions(siteId).queryKey }),
      // The shop status is the site's, in GET /sites (the `site` event keeps it current).
      queryClient.invalidateQueries({ queryKey: sitesQueryOptions().queryKey, exact: true }),
    ]).then(() => setCatchingUp(false));
  }, [queryClient, refetch, siteId]);
  // Only when the live events cannot bring it: a reconnect catches up event by event
  // (GET /live/missed, lib/live-sequence.ts), each applied once.
  useOnReadAll(catchUp);

  useEffect(() => {
    let hiddenSince: number | null = null;
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenSince = Date.now();
      else if (hiddenSince !== null) {
        if (Date.now() - hiddenSince >= HIDDEN_CATCH_UP_MS) catchUp();
        hiddenSince = null;
      }
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, [catchUp]);

  return { chime, unseen, newOrderIds, markSeen, announcement, catchingUp };
}
