import { useLingui } from '@lingui/react';
import { CloudOff, X } from 'lucide-react';
import { useId } from 'react';
import { StatusPill } from '@/components/ui';
import type { QueuedMove, RefusedMove } from '@/lib/move-queue';
import { queuedMoveText, queuedOrderLabel, refusalText } from '@/lib/move-queue-text';

/** The mark of an order whose tap waits on this device for the connection (lib/move-queue.ts). */
export function PendingMovePill({ className }: { className?: string }) {
  const { _ } = useLingui();
  return (
    <StatusPill tone="warning" className={className}>
      <CloudOff aria-hidden="true" className="h-3.5 w-3.5" />
      {_('common.moveQueue.pending')}
    </StatusPill>
  );
}

interface QueuedMovesProps {
  moves: readonly QueuedMove[];
  refusals: readonly RefusedMove[];
  /** The order's name as the screen shows it (null: the screen no longer has it). */
  labelOf: (orderId: number) => string | null;
  onDismiss: (key: string) => void;
}

/**
 * The taps kept on the device until the connection returns (lib/move-queue.ts), oldest first, and
 * those the server refused meanwhile, each with why (until dismissed).
 */
export function QueuedMoves({ moves, refusals, labelOf, onDismiss }: QueuedMovesProps) {
  const { _ } = useLingui();
  const headingId = useId();
  const label = (id: number) => labelOf(id) ?? queuedOrderLabel(id);
  if (moves.length === 0 && refusals.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {refusals.map((refusal) => {
        const text = refusalText(refusal, label(refusal.move.orderId));
        return (
          <div
            key={refusal.move.key}
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-[var(--danger)] bg-[var(--surface-raised)] p-2 text-sm"
          >
            <p className="min-w-0 flex-1">{text}</p>
            <button
              type="button"
              className="btn-secondary grid h-8 min-w-8 place-items-center px-1"
              onClick={() => onDismiss(refusal.move.key)}
              aria-label={_('common.moveQueue.dismissOne', {
                move: queuedMoveText(refusal.move, label(refusal.move.orderId)),
              })}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        );
      })}
      {moves.length > 0 ? (
        <section
          aria-labelledby={headingId}
          className="rounded-xl border border-[var(--warning)] bg-[var(--warning-soft)] p-2 text-sm text-[var(--ink)]"
        >
          <h2 id={headingId} className="flex items-center gap-1.5 font-semibold">
            <CloudOff aria-hidden="true" className="h-4 w-4" />
            {_('common.moveQueue.heading', { count: moves.length })}
          </h2>
          <ol className="mt-1 list-decimal pl-6">
            {moves.map((move) => (
              <li key={move.key}>{queuedMoveText(move, label(move.orderId))}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
