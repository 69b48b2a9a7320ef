import { useLingui } from '@lingui/react';
import type { OrderRun, QueuedOrder, RunMoveBody } from '@cafe/shared';
import { CalendarClock, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useScreenSite } from '@/api/site-state';
import { msgId } from '@/i18n';
import { formatPickupTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { runName } from '@/features/barista/lib/run-groups';

export type RunMove = RunMoveBody['status'];

/** The group button of each lane: what moving the whole run from there means. */
const MOVE_TEXT = {
  'in-progress': { text: msgId('barista.run.startAll'), label: msgId('barista.run.startAllOf') },
  done: { text: msgId('barista.run.readyAll'), label: msgId('barista.run.readyAllOf') },
  picked: { text: msgId('barista.run.allPickedUp'), label: msgId('barista.run.allPickedUpOf') },
} as const;

interface RunGroupProps {
  run: OrderRun;
  /** Its drinks in this lane, in the order they were added to the run. */
  orders: readonly QueuedOrder[];
  /** The move the lane's group button makes; null: none (select mode). */
  move: RunMove | null;
  /** The run's move is on its way: the button waits for it. */
  busy: boolean;
  /** Offline: the id of the text saying why a move of the whole run (which needs the server) waits. */
  offlineReasonId?: string;
  onMove: (run: OrderRun, status: RunMove) => void;
  /** The drinks, as the lane draws them. */
  children: ReactNode;
}

/**
 * A coffee run's drinks in one lane, headed by the run: where they go, who collects them and when
 * (docs/api/runs.md), with one button that moves every drink of the run together (Start all, Ready
 * all, All picked up). Each drink keeps its own buttons. The group takes the focus after its move
 * when the button that made it has left with the drinks (hooks/use-run-moves.ts).
 */
export function RunGroup({ run, orders, move, busy, offlineReasonId, onMove, children }: RunGroupProps) {
  const { _ } = useLingui();
  const { timeZone } = useScreenSite();
  const headingId = useId();
  const name = runName(run);
  const pickupAt = orders.find((o) => o.pickupAt)?.pickupAt;
  const offline = offlineReasonId !== undefined;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      data-run-group={run.id}
      tabIndex={-1}
      className="flex min-w-0 flex-col gap-1.5 rounded-2xl border-2 border-[var(--accent)] bg-[var(--accent-soft)] p-1.5"
    >
      <div className="flex flex-wrap items-center justify-between gap-1.5 px-0.5">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-start gap-1 text-base leading-5 font-bold break-words">
            <Users aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm leading-5 font-semibold text-[var(--accent-on-soft)]">
            {pickupAt ? (
              <span className="inline-flex items-center gap-0.5">
                <CalendarClock aria-hidden="true" className="h-3.5 w-3.5" />
                {_('barista.ticket.pickupAt', { time: formatPickupTime(pickupAt, timeZone) })}
              </span>
            ) : null}
            <span>{_('barista.run.drinksHere', { count: orders.length, of: run.of })}</span>
          </p>
        </div>
        {move ? (
          <button
            type="button"
            data-run-move=""
            className={cn('btn-primary min-h-11 px-2 text-sm font-bold', busy && 'opacity-60')}
            // Not disabled while its move is on its way: the focus stays on it until the drinks
            // leave the lane, then follows the run.
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            disabled={offline}
            aria-describedby={offlineReasonId}
            aria-label={_(MOVE_TEXT[move].label, { run: name })}
            onClick={() => {
              if (!busy) onMove(run, move);
            }}
          >
            {_(MOVE_TEXT[move].text)}
          </button>
        ) : null}
      </div>
      {children}
    </div>
  );
}
