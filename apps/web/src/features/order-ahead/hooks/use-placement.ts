import type { CategoryFor, DietTag, ErrorBody, MenuItemVerdict } from '@cafe/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError, isApiError } from '@/lib/api-client';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { menuVerdictsQueryOptions, menuVerdictsRootKey } from '@/features/order-ahead/api/get-menu-verdicts';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';

/*
 * "May this person order this here now" is the ordering door's to say (GET /menu/verdicts, the
 * server's menuFor; docs/decisions/0108): the screens only show its verdicts. A refusal is held as
 * the error POST /order would answer with, so it is said as every refusal of the server is
 * (errorText, from its message id) and the summary treats it as the server's own answer.
 */

/** A refusal of the door's answer as the API's error it stands for. */
const errorOf = (body: ErrorBody | null): ApiError | null =>
  body &&
  new ApiError(
    body.statusCode,
    body.code,
    body.message,
    body.messageId === undefined ? undefined : { id: body.messageId, values: body.params },
  );

/** The door refused the whole menu (the person's home site was archived: 409): every item's refusal. */
const wholeMenuRefusal = (error: unknown): ApiError | null =>
  isApiError(error) && error.status === 409 ? error : null;

/**
 * Whether a refusal stops a drink being chosen. The daily limit does not: the specification's alert
 * says it when the drink is tapped, from the day's count, as it always did. Nor does an address not
 * confirmed yet: the banner above every screen says so, and "Place order" is answered with the why.
 */
const CHOSEN_ANYWAY: ReadonlySet<string> = new Set(['ORDER_LIMIT_REACHED', 'EMAIL_NOT_CONFIRMED']);
export const stops = (refusal: ApiError | null): refusal is ApiError =>
  refusal !== null && !CHOSEN_ANYWAY.has(refusal.code);

const NO_MARKS: Pick<MenuItemVerdict, 'conflicts' | 'untagged'> = { conflicts: [] as DietTag[], untagged: false };

/**
 * The door's verdicts on a venue's menu at the person's site (`siteId`: a coffee run's): for each
 * item its refusal (`refusalOf`) and diet marks (`marksOf`, with "not tagged"), and what holds for
 * the whole venue (`venueRefusal`). `later`: the drink is for a pickup time (a coffee run's), so
 * busy mode does not hold it up and the slot's own hours are the server's to check on placement.
 * Read again when the shop status, busy mode or the menu change (their live events), after a
 * reconnect, and each minute. The position is asked when "Place order" is tapped.
 */
export function usePlacement(venue: CategoryFor, options: { later?: boolean; siteId?: number } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery(menuVerdictsQueryOptions(venue, options.siteId));
  const readAgain = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: menuVerdictsRootKey }),
    [queryClient],
  );
  useLiveEvent('cafe-status', readAgain);
  useLiveEvent('ordering-status', readAgain);
  useLiveEvent('menu', readAgain);
  useOnReconnect(readAgain);

  const later = options.later === true;
  const { data, error } = query;
  return useMemo(() => {
    const whole = wholeMenuRefusal(error);
    const pick = (verdict: Pick<MenuItemVerdict, 'now' | 'later'>) =>
      whole ?? errorOf(later ? verdict.later : verdict.now);
    const items = new Map((data?.items ?? []).map((item) => [item.menuId, { ...item, refusal: pick(item) }]));
    const venueRefusal = data ? pick(data.venue) : whole;
    return {
      /** No answer yet: a menu waits for it rather than grey out an item after it could be tapped. */
      pending: query.isPending,
      venueRefusal,
      /** An item the answer does not list (not yet, or no longer) has what holds for the whole venue. */
      refusalOf: (item: { id: number }) => {
        const listed = items.get(item.id);
        return listed ? listed.refusal : venueRefusal;
      },
      marksOf: (item: { id: number }) => items.get(item.id) ?? NO_MARKS,
    };
  }, [data, error, later, query.isPending]);
}

export type Placement = ReturnType<typeof usePlacement>;

/**
 * The door's verdict on a drink about to be placed, from the menu's answer (read now if no screen
 * has it): null when nothing refuses it, or when the answer cannot be had (the server decides).
 * A coffee run's drink is the run's site's and time's: the run itself says what refuses it.
 */
export async function draftRefusalOf(queryClient: QueryClient, draft: OrderDraft): Promise<ApiError | null> {
  if (draft.runId !== undefined) return null;
  try {
    const answer = await queryClient.ensureQueryData(menuVerdictsQueryOptions(draft.venue));
    const verdict = answer.items.find((item) => item.menuId === draft.menu_id);
    return errorOf((draft.pickupAt ? verdict?.later : verdict?.now) ?? null);
  } catch (error) {
    return wholeMenuRefusal(error);
  }
}
