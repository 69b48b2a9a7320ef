import type { QueuedOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { AlertTriangle } from 'lucide-react';
import { useNow } from '@/hooks/use-now';
import { formatPickupTime } from '@/lib/cafe-time';
import { lateMinutes } from '@/features/order-ahead/lib/counter-day';

/** How often the estimate of an order in the queue is read again against the clock. */
const TICK_MS = 30_000;

/**
 * An order for later: when it will really be ready ("Ready about 11:42", while it waits for its
 * time) and, when the line makes it later than its pickup time by more than a minute, a warning
 * ("The line is long: about 12 minutes late").
 */
export function ReadyEstimate({ order, timeZone }: { order: QueuedOrder; timeZone: string }) {
  const { _ } = useLingui();
  const now = useNow(TICK_MS).getTime();
  if (!order.pickupAt) return null;
  const late = lateMinutes(order, now);
  const readyAbout = order.status === 'scheduled' && order.estimatedReadyAt ? order.estimatedReadyAt : null;
  if (!readyAbout && late === null) return null;
  return (
    <div className="flex flex-col gap-1">
      {readyAbout ? (
        <p className="text-sm font-semibold">
          {_('order.pickup.readyAbout', { time: formatPickupTime(readyAbout, timeZone) })}
        </p>
      ) : null}
      {late !== null ? (
        <p className="inline-flex items-center gap-1 rounded-lg bg-[var(--warning-soft)] px-2 py-1 text-sm font-semibold">
          <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-[var(--warning)]" />
          {_('order.pickup.late', { minutes: late })}
        </p>
      ) : null}
    </div>
  );
}
