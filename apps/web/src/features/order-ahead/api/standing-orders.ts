import {
  IDEMPOTENCY_KEY_HEADER,
  StandingOrderSchema,
  UsualSchema,
  type DrinkChoice,
  type StandingOrder,
  type StandingOrderCreateBody,
  type StandingOrderPatchBody,
} from '@cafe/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { orderHistoryQueryOptions } from './get-order-history';

/*
 * The usual and standing orders (docs/api/standing-orders.md): GET/PUT/DELETE /me/usual and
 * GET/POST/PATCH/DELETE /standing-orders.
 */

export const fetchUsual = (signal?: AbortSignal) => api('/me/usual', { schema: UsualSchema, signal });

export const usualQueryOptions = () =>
  queryOptions({ queryKey: ['ordering', 'usual'] as const, queryFn: ({ signal }) => fetchUsual(signal) });

/** The caller's usual drink as they last set it, or null (none). `enabled`: only for a signed-in person. */
export function useUsual({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usualQueryOptions(), enabled });
}

/** Saves (a drink: "Make this my usual") or forgets (null) the caller's usual on the server. */
export function useSaveUsual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drink: DrinkChoice | null) =>
      drink
        ? api('/me/usual', { method: 'PUT', body: drink, schema: UsualSchema })
        : api('/me/usual', { method: 'DELETE', schema: UsualSchema }),
    onSuccess: (usual) => queryClient.setQueryData(usualQueryOptions().queryKey, usual),
  });
}

const StandingOrdersSchema = z.array(StandingOrderSchema);

export const fetchStandingOrders = (signal?: AbortSignal) =>
  api('/standing-orders', { schema: StandingOrdersSchema, signal });

export const standingOrdersQueryOptions = () =>
  queryOptions({ queryKey: ['ordering', 'standing'] as const, queryFn: ({ signal }) => fetchStandingOrders(signal) });

/** The caller's running standing orders. */
export function useStandingOrders() {
  return useQuery(standingOrdersQueryOptions());
}

/** What a change of a standing order reads again: the list, and the history (an order it placed). */
const changedByStanding = () => [standingOrdersQueryOptions().queryKey, orderHistoryQueryOptions().queryKey];

/**
 * POST /standing-orders with the form's Idempotency-Key: the same form saved twice (a second tap,
 * an answer that never arrived) answers the standing order already made, not a second one.
 */
export function useCreateStandingOrder() {
  return useInvalidatingMutation(
    ({ body, idempotencyKey }: { body: StandingOrderCreateBody; idempotencyKey: string }) =>
      api('/standing-orders', {
        method: 'POST',
        body,
        schema: StandingOrderSchema,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    changedByStanding(),
    'settled',
  );
}

export function useUpdateStandingOrder() {
  return useInvalidatingMutation(
    ({ id, ...body }: StandingOrderPatchBody & { id: StandingOrder['id'] }) =>
      api(`/standing-orders/${encodeURIComponent(String(id))}`, { method: 'PATCH', body, schema: StandingOrderSchema }),
    changedByStanding(),
    'settled',
  );
}

export function useDeleteStandingOrder() {
  return useInvalidatingMutation(
    (id: StandingOrder['id']) => api(`/standing-orders/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
    changedByStanding(),
    'settled',
  );
}
