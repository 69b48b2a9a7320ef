import { dashIfEmpty, draftRefusal, isTimeRefusal, LIMITS, type DietTag, type PeopleText } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { useHomeSite } from '@/api/sites';
import { i18n, msgId } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText, refusalOr } from '@/lib/error-text';
import { sayPeople } from '@/lib/people-text';
import { dietTagsOfRefusal } from '@/lib/diet';
import { meQueryOptions } from '@/api/me';
import { customerPaths, paths } from '@/lib/paths';
import { runsRootKey } from '@/api/run';
import { usePlaceOrder } from '@/features/order-ahead/api/place-order';
import { slotsRootKey } from '@/api/slots';
import { readPosition, type Coordinates, type PositionProblem } from '@/features/order-ahead/lib/geolocation';
import { useOrderDraft, type OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { logFailure } from '@/lib/log-failure';
import { draftRefusalOf, stops } from '@/features/order-ahead/hooks/use-placement';

/**
 * How an attempt ended: placed, failed (going back to the menu), blocked (fixable here), the diet
 * question to ask again (the server found what the person avoids), bar-off.
 */
export type PlaceOutcome = 'placed' | 'failed' | 'blocked' | 'confirm-diet' | 'bar-ordering-disabled';

/**
 * What stops the order in the summary, said where it is shown (in the language of that moment): a
 * message of the web's catalogue, the position's refusal (the shared rule), or the server's refusal
 * (the door's verdict, or its answer to the placement).
 */
export type PlaceProblem = { id: string } | { text: PeopleText } | { error: unknown };

/** A problem's words in the interface's language. */
export function placeProblemText(problem: PlaceProblem): string {
  if ('id' in problem) return i18n._(problem.id);
  if ('text' in problem) return sayPeople(problem.text);
  return errorText(problem.error) ?? i18n._('shared.spec.orderFailedBody');
}

/** Why there is no usable position: too far away (null), or none could be read here. */
function locationProblem(problem: PositionProblem | null): PlaceProblem {
  if (problem === null) return { id: msgId('shared.spec.outOfRangeThai') };
  return problem === 'unsupported'
    ? { id: msgId('shared.spec.geolocationUnsupported') }
    : { id: msgId('shared.spec.locationPermission') };
}

/** The server refused the pickup time itself: full (409 SLOT_FULL), or not one that may be chosen now (400). */
function pickupRefused(error: unknown): boolean {
  return isApiError(error, 'SLOT_FULL') || (isApiError(error, 'VALIDATION') && isTimeRefusal(error.text));
}

/** The server refused the drink for its run: closed meanwhile (RUN_CLOSED), or the person's drink is in it already. */
function runRefused(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code.startsWith('RUN_');
}

/** The toast's words for a refusal: the server's people message; an older server's by its code. */
function failureText(error: unknown): string {
  const fallback = i18n._('shared.spec.orderFailedBody');
  if (!isApiError(error) || error.text) return refusalOr(error, fallback);
  if (error.code === 'ORDER_LIMIT_REACHED') return i18n._('shared.spec.orderLimit');
  return error.code === 'MENU_UNAVAILABLE' || error.code === 'NOT_FOUND' ? fallback : refusalOr(error, fallback);
}

/**
 * Placing an order. The door's verdict on the drink is asked first (the menu's answer: busy mode,
 * an archived site, the item sold out meanwhile); where the server checks the location (the
 * settings say so), the position is then read and measured against the person's site's radius, so
 * a person far away or without location sharing is told at once; the server checks again. Without
 * the check no position is asked for. Success goes to My orders; any other failure back to the
 * menu after 2 seconds.
 */
export function usePlaceOrderFlow() {
  const navigate = useNavigate();
  const customer = customerPaths(useMe()?.role);
  const { locationCheck, barOnlineOrdering } = useSettings();
  const { site } = useHomeSite();
  const clearDraft = useOrderDraft((s) => s.clear);
  const placementKey = useOrderDraft((s) => s.placementKey);
  const mutation = usePlaceOrder();
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<PlaceProblem | null>(null);
  /** What the server said the person avoids in this drink when it asked for their confirmation. */
  const [serverConflicts, setServerConflicts] = useState<DietTag[]>([]);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  /** The position to send, or the problem that stops the order here (the door's verdict, then the position). */
  const locate = async (draft: OrderDraft): Promise<{ coords?: Coordinates; problem?: PlaceProblem }> => {
    // What the door says without a position is said before asking for it.
    const refused = await draftRefusalOf(queryClient, draft);
    if (stops(refused)) return { problem: { error: refused } };
    if (!locationCheck) return {};
    setLocating(true);
    const position = await readPosition();
    setLocating(false);
    if (!position.ok) return { problem: locationProblem(position.problem) };
    // Measured against the site's radius once the sites are known; the server measures again.
    const far =
      site &&
      draftRefusal({
        channel: 'online',
        later: null,
        settings: { locationCheck: true, barOnlineOrdering },
        position: position.coords,
        site: { ...site, pause: null },
        item: { venue: draft.venue },
      });
    if (far) return { problem: { text: far.text } };
    return { coords: position.coords };
  };

  /**
   * `dietConfirmed`: the person ticked "I know what it contains" for this drink (sent only then;
   * the server refuses a drink with what they avoid without it).
   */
  const place = async (draft: OrderDraft, dietConfirmed = false): Promise<PlaceOutcome> => {
    setProblem(null);
    const { coords, problem: stopped } = await locate(draft);
    if (stopped) {
      setProblem(stopped);
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
          // A run's drink in the runner's tray has no photo.
          ...(draft.tumblerImage ? { tumblerImage: draft.tumblerImage } : {}),
          ...(draft.options ? { options: draft.options } : {}),
          // A run's drink takes the run's site and pickup time; the run is named, not its slot.
          ...(draft.runId !== undefined
            ? { runId: draft.runId, cup: draft.cup ?? 'tumbler' }
            : draft.pickupAt
              ? { pickupAt: draft.pickupAt }
              : {}),
          ...(coords ? { latitude: coords.latitude, longitude: coords.longitude } : {}),
          ...(dietConfirmed ? { dietConfirmed: true } : {}),
        },
        placementKey: placementKey ?? undefined,
      });
      // Only an order the server reports as ordered (or, for later, scheduled) counts as placed.
      if (order.status !== 'ordered' && order.status !== 'scheduled')
        throw new Error(`unexpected status ${order.status}`);
      toast.success(i18n._('shared.spec.orderPlacedTitle'), { description: i18n._('shared.spec.orderPlacedBody') });
      clearDraft();
      if (draft.runId !== undefined) {
        // Back to the run, which shows the drink among the others.
        void queryClient.invalidateQueries({ queryKey: runsRootKey });
        void navigate(paths.run(draft.runId));
      } else {
        void navigate(customer.statusOrder);
      }
      return 'placed';
    } catch (error) {
      if (isApiError(error, 'OUT_OF_RANGE')) {
        // The server's own check (its settings may have changed since they were read), in its words.
        setProblem(error.text ? { error } : locationProblem(coords ? null : 'unavailable'));
        return 'blocked';
      }
      if (isApiError(error, 'DIET_CONFIRMATION_NEEDED')) {
        // What the person avoids changed meanwhile (on another device): the summary asks again,
        // with what the server says the drink has, and the profile is read afresh.
        setServerConflicts(dietTagsOfRefusal(error));
        setProblem({ error });
        void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
        return 'confirm-diet';
      }
      if (isApiError(error, 'BAR_ORDERING_DISABLED')) return 'bar-ordering-disabled';
      if (draft.runId !== undefined && runRefused(error)) {
        // Said in the summary, and the run is read again: its page shows why.
        setProblem({ error });
        void queryClient.invalidateQueries({ queryKey: runsRootKey });
        return 'blocked';
      }
      if (draft.pickupAt && pickupRefused(error)) {
        // The chosen pickup time filled up or passed meanwhile: the summary stays open and says
        // so in the server's words; Edit goes back to the form, whose pickup times are read afresh.
        setProblem({ error });
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
    /** What stops the order, to show beside the Place order button (placeProblemText words it). */
    problem,
    /** What the server said the drink has that the person avoids, when it asked to confirm (else []). */
    serverConflicts,
    clearProblem: () => {
      setProblem(null);
      setServerConflicts([]);
    },
  };
}
