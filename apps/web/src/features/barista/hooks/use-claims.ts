import { peopleText, type QueuedOrder } from '@cafe/shared';
import { useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useMe } from '@/api/me';
import { i18n } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { sayPeople } from '@/lib/people-text';
import { BOARD_STORAGE_KEYS } from '@/lib/storage-keys';
import { useClaimOrder } from '@/features/barista/api/claim-order';
import { byClaim, isClaimFilter, type ClaimFilter } from '@/features/barista/lib/claims';
import { orderLabel } from '@/features/barista/lib/order-label';
import { keepSettings, readSetting } from '@/features/barista/lib/tablet-storage';
import { usePendingIds } from './use-pending-ids';

function readFilter(): ClaimFilter {
  const saved = readSetting(BOARD_STORAGE_KEYS.claimFilter);
  return isClaimFilter(saved) ? saved : 'all';
}

/**
 * What a claim tap asks: take the order, give it back, take it over from another barista, or
 * (a tap on another barista's ticket) whether to take it over.
 */
export type ClaimAction = 'claim' | 'release' | 'take-over' | 'ask-take-over';

/**
 * Who makes what on the board (decision 0074): the filter mine / unclaimed / all, remembered on
 * this tablet, the orders it keeps (Mine keeps every order nobody has taken, decision 0099) and how
 * many it hides, and the claim taps (take, give back, take over) with the
 * tickets whose tap is on its way. A refusal (another barista took it first) is said as the server
 * words it, naming who makes it.
 */
export function useClaims(orders: readonly QueuedOrder[], announce: (text: string) => void) {
  const me = useMe();
  const meId = me?.id ?? null;
  const [filter, setFilterState] = useState<ClaimFilter>(readFilter);
  const [pendingIds, mark] = usePendingIds();
  const claimOrder = useClaimOrder();
  const shown = useMemo(() => byClaim(orders, filter, meId), [orders, filter, meId]);

  const setFilter = useCallback((next: ClaimFilter) => {
    setFilterState(next);
    keepSettings({ [BOARD_STORAGE_KEYS.claimFilter]: next });
  }, []);

  /** Who makes it, and the way to take it over (a shift change): asked, never done by one stray tap. */
  const offerTakeOver = (order: QueuedOrder, name: string) =>
    toast(sayPeople(peopleText('people.refusal.orderClaimed', { name })), {
      id: `claim-${order.id}`,
      action: { label: i18n._('barista.claims.takeOver'), onClick: () => void claim(order, 'take-over') },
    });

  const claim = async (order: QueuedOrder, action: ClaimAction): Promise<void> => {
    if (action === 'ask-take-over') {
      if (order.claimedBy) offerTakeOver(order, order.claimedBy.name);
      return;
    }
    if (pendingIds.has(order.id)) return;
    mark(order.id, true);
    try {
      await claimOrder.mutateAsync({
        id: order.id,
        claim: action !== 'release',
        ...(action === 'take-over' ? { takeOver: true } : {}),
        // One key per tap: a retry of it is answered again, never applied twice.
        idempotencyKey: crypto.randomUUID(),
      });
      const label = orderLabel(order);
      announce(
        action === 'release'
          ? i18n._('barista.claims.released', { order: label })
          : i18n._('barista.claims.claimed', { order: label }),
      );
    } catch (error) {
      if (isApiError(error, 'ORDER_CLAIMED')) toast.error(errorText(error), { id: `claim-${order.id}` });
      else toast.error(i18n._('barista.board.notUpdated'), { description: errorText(error) });
    } finally {
      mark(order.id, false);
    }
  };

  // What the filter hides: another barista's tickets (Mine), or every taken one (Unclaimed).
  const hidden = orders.length - shown.length;
  return { meId, filter, setFilter, shown, hidden, pendingIds, claim };
}
