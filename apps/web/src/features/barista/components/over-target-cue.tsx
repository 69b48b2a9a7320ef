import type { QueuedOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useCounterSettings } from '@/features/barista/api/get-counter-settings';

/**
 * The site's preparation target (prepTargetMinutes of GET /sites/{siteId}/pickup) when the order
 * has been in progress for longer, else null: from when it was taken, against the board's clock.
 */
export function useOverTarget(order: QueuedOrder, now: number): number | null {
  const inProgress = order.status === 'in-progress' && order.takenAt !== undefined;
  const target = useCounterSettings(inProgress ? order.site.id : undefined).data?.prepTargetMinutes;
  if (!inProgress || target === undefined) return null;
  return now - Date.parse(order.takenAt!) > target * 60_000 ? target : null;
}

/**
 * A quiet cue on a ticket in progress for longer than its site's preparation target: a thin
 * outline over the ticket (no colour of the age tones, no sound), and the words for screen
 * readers. Placed inside the ticket (positioned relative); nothing when under the target.
 */
export function OverTargetCue({ order, now }: { order: QueuedOrder; now: number }) {
  const { _ } = useLingui();
  const target = useOverTarget(order, now);
  if (target === null) return null;
  return (
    <span
      data-over-target=""
      className="pointer-events-none absolute inset-0 rounded-[inherit] outline-2 outline-offset-[-4px] outline-[var(--ink-muted)] outline-dashed"
    >
      <span className="sr-only">{_('barista.ticket.overTarget', { minutes: target })}</span>
    </span>
  );
}
