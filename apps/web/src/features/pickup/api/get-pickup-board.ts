import { PickupBoardSchema } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** GET /display: what a pickup screen shows (no sign-in; the link's token in a header, never in an address). */
export const fetchPickupBoard = (token: string) =>
  api('/display', { headers: { 'X-Display-Token': token }, schema: PickupBoardSchema });

/**
 * The board of a screen. It never goes stale on its own: the live channel replaces it on every
 * change and it is read again after each reconnect. A link that does not work (404) is not asked
 * again; anything else (the network, a restart) is, until it answers.
 */
export const pickupBoardQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['pickup-board', token] as const,
    queryFn: () => fetchPickupBoard(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: (failures, error) => !isApiError(error, 'NOT_FOUND') && failures < 1000,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 15_000),
  });
