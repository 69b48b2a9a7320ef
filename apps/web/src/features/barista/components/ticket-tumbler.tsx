import { useLingui } from '@lingui/react';
import type { QueuedOrder } from '@cafe/shared';
import { SearchX } from 'lucide-react';
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
 * "Tumbler not here" on a ticket: a small button in the ticket's top right corner, beside the time
 * and age (whose row leaves room for it), so a ticket is no taller for it: the counter tablet shows
 * eight tickets at once. Absent once marked: the countdown row takes over.
 */
export function TumblerNotHereButton({ order, disabled, offlineReasonId, onMark }: TumblerControlProps) {
  const { _ } = useLingui();
  if (!canMarkTumbler(order) || order.tumblerMissing) return null;
  return (
    <button
      type="button"
      className="absolute top-0.5 right-0.5 grid h-7 w-7 place-items-center rounded-lg text-[var(--ink-muted)] after:absolute after:-inset-1 hover:bg-[var(--surface-sunken)] disabled:cursor-not-allowed disabled:opacity-50"
      onClick={() => onMark(order, true)}
      disabled={disabled}
      aria-describedby={offlineReasonId}
      aria-label={_('barista.tumbler.notHere')}
      title={_('barista.tumbler.notHere')}
    >
      <SearchX aria-hidden="true" className="h-[1.125rem] w-[1.125rem]" />
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
