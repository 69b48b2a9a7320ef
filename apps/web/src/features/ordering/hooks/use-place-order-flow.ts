import { LIMITS, MESSAGES } from '@cafe/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { customerPaths } from '../../../app/paths';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { usePlaceOrder } from '../api/place-order';
import { readPosition, type PositionProblem } from '../lib/geolocation';
import { remarkForServer } from '../lib/order-form-schema';
import { useOrderDraft, type OrderDraft } from '../stores/order-draft';

/** How an attempt ended: placed, failed (going back to the menu), blocked (fixable here), bar-off. */
export type PlaceOutcome = 'placed' | 'failed' | 'blocked' | 'bar-ordering-disabled';

/** Why the server found no usable position: too far away, or none could be read here. */
function locationMessage(problem: PositionProblem | null): string {
  if (problem === null) return MESSAGES.outOfRangeThai;
  return problem === 'unsupported' ? MESSAGES.geolocationUnsupported : MESSAGES.locationPermission;
}

function failureText(error: unknown): string {
  if (isApiError(error, 'ORDER_LIMIT_REACHED')) return MESSAGES.orderLimit;
  if (isApiError(error, 'MENU_UNAVAILABLE') || isApiError(error, 'NOT_FOUND')) return MESSAGES.orderFailedBody;
  if (isApiError(error)) return error.message;
  return MESSAGES.orderFailedBody;
}

/**
 * Placing an order: read the position and send it along. The server decides whether a position is
 * needed (LOCATION_CHECK) and close enough; without one (no geolocation, permission denied) the
 * order still goes, so a server without the check takes it, and a refusal names the cause.
 * Success goes to My orders; any other failure back to the menu after 2 seconds.
 */
export function usePlaceOrderFlow() {
  const navigate = useNavigate();
  const role = useSession((s) => s.user.role);
  const customer = customerPaths(role);
  const clearDraft = useOrderDraft((s) => s.clear);
  const mutation = usePlaceOrder();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const place = async (draft: OrderDraft): Promise<PlaceOutcome> => {
    setProblem(null);
    setLocating(true);
    const position = await readPosition();
    setLocating(false);
    const coords = position.ok ? position.coords : undefined;

    try {
      const order = await mutation.mutateAsync({
        menu_id: draft.menu_id,
        menu_name: draft.menu_name,
        type: draft.type,
        sweetness: draft.sweetness,
        remark: remarkForServer(draft.remark),
        tumblerImage: draft.tumblerImage,
        ...(coords ? { latitude: coords.latitude, longitude: coords.longitude } : {}),
      });
      // Only an order the server reports as ordered counts as placed.
      if (order.status !== 'ordered') throw new Error(`unexpected status ${order.status}`);
      toast.success(MESSAGES.orderPlacedTitle, { description: MESSAGES.orderPlacedBody });
      clearDraft();
      void navigate(customer.statusOrder);
      return 'placed';
    } catch (error) {
      if (isApiError(error, 'OUT_OF_RANGE')) {
        setProblem(locationMessage(position.ok ? null : position.problem));
        return 'blocked';
      }
      if (isApiError(error, 'BAR_ORDERING_DISABLED')) return 'bar-ordering-disabled';
      console.error('order failed', error);
      toast.error(MESSAGES.orderFailedTitle, { description: failureText(error) });
      const menuPath = draft.venue === 'bar' ? customer.menuBar : customer.menuCafe;
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => void navigate(menuPath), LIMITS.failedOrderRedirectMs);
      return 'failed';
    }
  };

  return {
    place,
    placing: locating || mutation.isPending,
    /** A location problem to show beside the Place order button. */
    problem,
    clearProblem: () => setProblem(null),
  };
}
