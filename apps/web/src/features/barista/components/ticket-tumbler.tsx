import { useLingui } from '@lingui/react';
import { DEFAULT_PICKUP_SETTINGS, type QueuedOrder } from '@cafe/shared';
import { CupSoda } from 'lucide-react';
import { useId } from 'react';
import { useScreenSiteId } from '@/api/site-state';
import { useCounterSettings } from '@/features/barista/api/get-counter-settings';
import { orderHasTumbler } from '@/features/barista/lib/counter';
import { personLabel } from '@/features/barista/lib/order-label';
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
 * "Tumbler not here – cancels in 5 min" on a ticket: a button with its words and a cup, beside the
 * drink's type and sweetness (on a line of its own when they leave no room), so it reads as what it
 * does, not as a status (a circled x in the corner read as "remove"; decisions 0075, 0099). Its
 * description says the rest: the owner is told, and the order is cancelled when the site's minutes
 * run out unless the tumbler is found; Undo takes it back. Absent once marked (the countdown row
 * takes over), and on a drink with no tumbler (a runner's tray, a walk-up, a bar order).
 */
export function TumblerNotHereButton({ order, disabled, offlineReasonId, onMark }: TumblerControlProps) {
  const { _ } = useLingui();
  const descriptionId = useId();
  // The site's minutes before the cancel (read by the board already); the server fixes them at the mark.
  const counter = useCounterSettings(useScreenSiteId());
  const minutes = counter.data?.tumblerGraceMinutes ?? DEFAULT_PICKUP_SETTINGS.tumblerGraceMinutes;
  if (!canMarkTumbler(order) || order.tumblerMissing) return null;
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 rounded-md border border-dashed border-[var(--border-strong)] px-1.5 text-left text-xs leading-4 font-semibold text-[var(--ink)] hover:bg-[var(--surface-sunken)] disabled:cursor-not-allowed disabled:opacity-50"
        onClick={() => onMark(order, true)}
        disabled={disabled}
        aria-describedby={[descriptionId, offlineReasonId].filter(Boolean).join(' ')}
      >
        <CupSoda aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        {_('barista.tumbler.notHereAction', { minutes })}
      </button>
      {/* Outside the button: a description, not part of its name. */}
      <span id={descriptionId} className="sr-only">
        {_('barista.tumbler.notHereDescription', { person: personLabel(order), minutes })}
      </span>
    </>
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
