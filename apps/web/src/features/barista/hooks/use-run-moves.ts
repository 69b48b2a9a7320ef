import { useLingui } from '@lingui/react';
import type { OrderRun, QueuedOrder } from '@cafe/shared';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { toast } from 'sonner';
import { msgId } from '@/i18n';
import { errorText } from '@/lib/error-text';
import { useMoveRun } from '@/features/barista/api/move-run';
import type { RunMove } from '@/features/barista/components/run-group';
import { runName } from '@/features/barista/lib/run-groups';
import { usePendingIds } from './use-pending-ids';

/** What the board says once the whole run moved. */
const MOVED = {
  'in-progress': msgId('barista.run.started'),
  done: msgId('barista.run.finished'),
  picked: msgId('barista.run.pickedUp'),
} as const;

/** Where the focus was when a run's move started: the run, and the heading of the lane it was in. */
interface Follow {
  runId: number;
  laneHeading: HTMLElement | null;
}

/**
 * The moves of whole coffee runs (Start all, Ready all, All picked up): one request each, the run's
 * drinks waiting meanwhile, and the focus kept. The button that made the move leaves with the
 * drinks; the focus then goes to the run's group in the lane the drinks reached (its next button),
 * or to the heading of the lane it left when the run has left the board.
 */
export function useRunMoves({
  orders,
  announce,
  boardRef,
}: {
  orders: readonly QueuedOrder[];
  announce: (text: string) => void;
  boardRef: RefObject<HTMLElement | null>;
}) {
  const { _ } = useLingui();
  const move = useMoveRun();
  const [pendingRunIds, setPending] = usePendingIds();
  const follow = useRef<Follow | null>(null);

  const moveRun = async (run: OrderRun, status: RunMove) => {
    if (pendingRunIds.has(run.id)) return;
    const active = document.activeElement;
    follow.current =
      active instanceof HTMLElement && boardRef.current?.contains(active)
        ? {
            runId: run.id,
            laneHeading: active.closest('section')?.querySelector<HTMLElement>('h2[tabindex]') ?? null,
          }
        : null;
    setPending(run.id, true);
    try {
      await move.mutateAsync({ runId: run.id, status });
      announce(_(MOVED[status], { run: runName(run) }));
    } catch (error) {
      follow.current = null;
      toast.error(_('barista.run.notMoved', { run: runName(run) }), { description: errorText(error) });
    } finally {
      setPending(run.id, false);
    }
  };

  useEffect(() => {
    const current = follow.current;
    const root = boardRef.current;
    if (!current || !root) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      // Still on the run's button (its drinks have not left yet), or gone elsewhere on purpose.
      if (!active.closest(`[data-run-group="${current.runId}"]`)) follow.current = null;
      return;
    }
    follow.current = null;
    const group = root.querySelector<HTMLElement>(`[data-run-group="${current.runId}"]`);
    const button = group?.querySelector<HTMLButtonElement>('[data-run-move]:not(:disabled)');
    const target = button ?? group ?? (current.laneHeading?.isConnected ? current.laneHeading : null);
    target?.focus();
  });

  // The drinks of a run on its way wait with it: their own buttons too.
  const pendingOrderIds = useMemo(
    () => new Set(orders.filter((o) => o.run && pendingRunIds.has(o.run.id)).map((o) => o.id)),
    [orders, pendingRunIds],
  );
  return { moveRun, pendingRunIds, pendingOrderIds };
}
