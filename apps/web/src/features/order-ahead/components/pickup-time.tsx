import type { QueuedOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { AlertTriangle, CalendarClock } from 'lucide-react';
import { useNow } from '@/hooks/use-now';
import { formatPickupTime } from '@/lib/cafe-time';
import { lateMinutes } from '@/features/order-ahead/lib/counter-day';

/** How often the lateness of an order in the queue is read again against the clock. */
const TICK_MS = 30_000;

/**
 * The one time an order for later shows: the pickup time the person chose ("Pickup at 10:30"),
 * never beside a second estimate that could read as another time. When the line makes the drink
 * later than that by more than a minute, the same block says by how much ("The line is long:
 * about 12 minutes late"), counted from that pickup time (docs/decisions/0077-tv-navigation-phone.md).
 */
export function PickupTime({ order, timeZone }: { order: QueuedOrder; timeZone: string }) {
  const { _ } = useLingui();
  const now = useNow(TICK_MS).getTime();
  if (!order.pickupAt) return null;
  // Once made, the drink is at the counter: how late the line would have made it no longer matters.
  const late = order.status === 'scheduled' || order.status === 'ordered' ? lateMinutes(order, now) : null;
  return (
    <div className="flex flex-col gap-1" data-testid="pickup-time">
      <p className="inline-flex items-center gap-1 text-sm font-semibold">
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        {_('order.pickup.at', { time: formatPickupTime(order.pickupAt, timeZone) })}
      </p>
      {late !== null ? (
        <p className="inline-flex items-center gap-1 rounded-lg bg-[var(--warning-soft)] px-2 py-1 text-sm font-semibold">
          <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-[var(--warning)]" />
          {_('order.pickup.lateBy', { minutes: late })}
        </p>
      ) : null}
    </div>
  );
}
