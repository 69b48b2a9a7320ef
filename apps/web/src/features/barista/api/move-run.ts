import { RunSchema, type RunMoveBody } from '@cafe/shared';
import { useInvalidatingMutation } from '@/hooks/use-invalidating-mutation';
import { api } from '@/lib/api-client';
import { baristaOrdersRootKey } from './get-barista-orders';

/**
 * PATCH /order/barista/run/{runId}: Start all, Ready all or All picked up: the server moves every
 * drink of the run that can make the move, together, and answers the run.
 */
export const moveRun = ({ runId, ...body }: RunMoveBody & { runId: number }) =>
  api(`/order/barista/run/${runId}`, { method: 'PATCH', body, schema: RunSchema });

export function useMoveRun() {
  // The answer is the run, not the board's orders: the live events move each ticket, and reading
  // the board once more settles those that raced (as a bulk move does).
  return useInvalidatingMutation(moveRun, [baristaOrdersRootKey], 'settled');
}
