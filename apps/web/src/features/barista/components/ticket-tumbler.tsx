import { useLingui } from '@lingui/react';
import type { QueuedOrder } from '@cafe/shared';
import { CupSoda } from 'lucide-react';
import { orderHasTumbler } from '@/features/barista/lib/counter';
import { TumblerCountdown } from './tumbler-countdown';

interface TumblerControlProps {
  order: QueuedOrder;
  /** A move of the order is on its way, or the board is offline: the button waits. */
  disabled: boolean;
  offlineReasonId?: string;
  onMark: (order: QueuedOrder, missing: boolean) => void;
}

/** Orders whose tumbler the barista looks for: waiting or being made, of a person with a tumbler. */
export function canMarkTumbler(order: QueuedOrder): boolean {
  return (order.status === 'ordered' || order.status === 'in-progress') && orderHasTumbler(order);
}

/**
 * "Tumbler not here" on a ticket: a button with its words and a cup, beside the drink's type and
 * sweetness (on a line of its own when they leave no room), so it
 * reads as what it does (a circled x in the corner read as "remove"; decision 0075). It tells the
 * owner and starts the countdown to the automatic cancel; Undo takes it back. Absent once marked:
 * the countdown row takes over.
 */
export function TumblerNotHereButton({ order, disabled, offlineReasonId, onMark }: TumblerControlProps) {
  const { _ } = useLingui();
  if (!canMarkTumbler(order) || order.tumblerMissing) return null;
  return (
    <button
      type="button"
      className="inline-flex min-h-6 items-center gap-1 rounded-md border border-dashed border-[var(--border-strong)] px-1.5 text-xs leading-4 font-semibold whitespace-nowrap text-[var(--ink)] hover:bg-[var(--surface-sunken)] disabled:cursor-not-allowed disabled:opacity-50"
      onClick={() => onMark(order, true)}
      disabled={disabled}
      aria-describedby={offlineReasonId}
    >
      <CupSoda aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {_('barista.tumbler.notHere')}
    </button>
  );
}

/** A tumbler marked not here: the countdown to the automatic cancel, and "Tumbler found". */
export function TumblerMissingRow({ order, disabled, offlineReasonId, onMark }: TumblerControlProps) {
  const { _ } = useLingui();
  if (!order.tumblerMissing || !canMarkTumbler(order)) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md bg-[var(--warning-soft)] p-1.5 text-sm">
      <TumblerCountdown deadline={order.tumblerMissing.deadline} />
      <button
        type="button"
        className="btn-secondary min-h-11 px-1 text-sm font-semibold"
        onClick={() => onMark(order, false)}
        disabled={disabled}
        aria-describedby={offlineReasonId}
      >
        {_('barista.tumbler.found')}
      </button>
    </div>
  );
}
