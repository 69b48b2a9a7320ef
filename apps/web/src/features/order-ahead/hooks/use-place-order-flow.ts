import { dashIfEmpty, draftRefusal, LIMITS, siteRefusal, type PlacementRefusal } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { i18n, msgId } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { customerPaths } from '@/lib/paths';
import { usePlaceOrder } from '@/features/order-ahead/api/place-order';
import { slotsRootKey } from '@/features/order-ahead/api/get-slots';
import { readPosition, type Coordinates, type PositionProblem } from '@/features/order-ahead/lib/geolocation';
import { useOrderDraft, type OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { logFailure } from '@/lib/log-failure';
import { usePlacementSite } from '@/features/order-ahead/hooks/use-placement';

/** How an attempt ended: placed, failed (going back to the menu), blocked (fixable here), bar-off. */
export type PlaceOutcome = 'placed' | 'failed' | 'blocked' | 'bar-ordering-disabled';

/** Why there is no usable position (a message id): too far away (null), or none could be read here. */
function locationMessage(problem: PositionProblem | null): string {
  if (problem === null) return msgId('shared.spec.outOfRangeThai');
  return problem === 'unsupported'
    ? msgId('shared.spec.geolocationUnsupported')
    : msgId('shared.spec.locationPermission');
}

/** What the summary says for a refusal of the shared decision made before sending (a message id). */
function refusalMessage(refusal: PlacementRefusal): string {
  if (refusal.code === 'OUT_OF_RANGE') return locationMessage(null);
  if (refusal.code === 'ORDERS_PAUSED') return msgId('shared.error.ordersPaused');
  if (refusal.code === 'SITE_ARCHIVED') return msgId('order.site.archivedBody');
  if (refusal.code === 'ORDER_LIMIT_REACHED') return msgId('shared.spec.orderLimit');
  return msgId('shared.spec.orderFailedBody');
}

/** The server refused the pickup time itself: full (409 SLOT_FULL), or no longer offered (400 naming pickupAt). */
function pickupRefused(error: unknown): boolean {
  if (isApiError(error, 'SLOT_FULL')) return true;
  return isApiError(error) && error.status === 400 && error.message.startsWith('pickupAt:');
}

function failureText(error: unknown): string {
  if (isApiError(error, 'ORDER_LIMIT_REACHED')) return i18n._('shared.spec.orderLimit');
  if (isApiError(error, 'SLOT_FULL')) return i18n._('order.pickup.full');
  if (isApiError(error, 'MENU_UNAVAILABLE') || isApiError(error, 'NOT_FOUND')) {
    return i18n._('shared.spec.orderFailedBody');
  }
  if (isApiError(error)) return errorText(error) ?? i18n._('shared.spec.orderFailedBody');
  return i18n._('shared.spec.orderFailedBody');
}

/**
 * Placing an order. The shared placement decision is asked first with the person's own site (its
 * position and radius, busy mode, archived or not): where the server checks the location (the
 * settings say so), the position is read and measured against that site's radius, so a person far
 * away or without location sharing is told at once; the server checks again. Without the check no
 * position is asked for. Success goes to My orders; any other failure back to the menu after 2 seconds.
 */
export function usePlaceOrderFlow() {
  const navigate = useNavigate();
  const customer = customerPaths(useMe()?.role);
  const { locationCheck, barOnlineOrdering } = useSettings();
  const { site } = usePlacementSite();
  const clearDraft = useOrderDraft((s) => s.clear);
  const placementKey = useOrderDraft((s) => s.placementKey);
  const mutation = usePlaceOrder();
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  /** The position to send, or the problem that stops the order here (the shared decision's steps the screen can ask). */
  const locate = async (draft: OrderDraft): Promise<{ coords?: Coordinates; problem?: string }> => {
    const ask = (position: Coordinates | undefined, checkPosition: boolean) =>
      siteRefusal(site) ??
      draftRefusal({
        channel: 'online',
        later: draft.pickupAt ? { at: new Date(draft.pickupAt) } : null,
        settings: { locationCheck: checkPosition, barOnlineOrdering },
        position,
        site,
        item: { venue: draft.venue },
      });
    // Busy mode and an archived site are known without a position: said before asking for it.
    const withoutPosition = ask(undefined, false);
    if (withoutPosition) return { problem: refusalMessage(withoutPosition) };
    if (!locationCheck) return {};
    setLocating(true);
    const position = await readPosition();
    setLocating(false);
    if (!position.ok) return { problem: locationMessage(position.problem) };
    const refusal = ask(position.coords, true);
    if (refusal) return { problem: refusalMessage(refusal) };
    return { coords: position.coords };
  };

  const place = async (draft: OrderDraft): Promise<PlaceOutcome> => {
    setProblem(null);
    const { coords, problem: locationProblem } = await locate(draft);
    if (locationProblem) {
      setProblem(locationProblem);
      return 'blocked';
    }

    try {
      const order = await mutation.mutateAsync({
        body: {
          menu_id: draft.menu_id,
          menu_name: draft.menu_name,
          type: draft.type,
          sweetness: draft.sweetness,
          remark: dashIfEmpty(draft.remark),
          tumblerImage: draft.tumblerImage,
          ...(draft.options ? { options: draft.options } : {}),
          ...(draft.pickupAt ? { pickupAt: draft.pickupAt } : {}),
          ...(coords ? { latitude: coords.latitude, longitude: coords.longitude } : {}),
        },
        placementKey: placementKey ?? undefined,
      });
      // Only an order the server reports as ordered (or, for later, scheduled) counts as placed.
      if (order.status !== 'ordered' && order.status !== 'scheduled')
        throw new Error(`unexpected status ${order.status}`);
      toast.success(i18n._('shared.spec.orderPlacedTitle'), { description: i18n._('shared.spec.orderPlacedBody') });
      clearDraft();
      void navigate(customer.statusOrder);
      return 'placed';
    } catch (error) {
      if (isApiError(error, 'OUT_OF_RANGE')) {
        // The server's own check (its settings may have changed since they were read).
        setProblem(locationMessage(coords ? null : 'unavailable'));
        return 'blocked';
      }
      if (isApiError(error, 'BAR_ORDERING_DISABLED')) return 'bar-ordering-disabled';
      if (draft.pickupAt && pickupRefused(error)) {
        // The chosen pickup time filled up or passed meanwhile: the summary stays open and says
        // so; Edit goes back to the form, whose pickup times are read afresh.
        setProblem(isApiError(error, 'SLOT_FULL') ? msgId('order.pickup.full') : msgId('order.pickup.gone'));
        void queryClient.invalidateQueries({ queryKey: slotsRootKey });
        return 'blocked';
      }
      logFailure('order failed', error);
      toast.error(i18n._('shared.spec.orderFailedTitle'), { description: failureText(error) });
      const menuPath = draft.venue === 'bar' ? customer.menuBar : customer.menuCafe;
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => void navigate(menuPath), LIMITS.failedOrderRedirectMs);
      return 'failed';
    }
  };

  return {
    place,
    placing: locating || mutation.isPending,
    /** A location problem to show beside the Place order button: a message id, translated where shown. */
    problem,
    clearProblem: () => setProblem(null),
  };
}
