import { useLingui } from '@lingui/react';
import { textOrEmpty, type QueuedOrder } from '@cafe/shared';
import { CalendarClock, Candy } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useScreenSite } from '@/api/site-state';
import { PendingMovePill } from '@/components/queued-moves';
import { StatusPill } from '@/components/ui';
import { formatCafeTime, formatPickupTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { drinkTypeText } from '@/lib/drink-text';
import { orderLabel, personLabel } from '@/features/barista/lib/order-label';
import { ageMinutes, ageTone, type AgeThresholds } from '@/features/barista/lib/ticket-age';
import { CocktailGlass } from './cocktail-glass';
import { TicketAge } from './ticket-age';
import { OrderOptions } from './order-options';
import { OverTargetCue } from './over-target-cue';
import { SelectTick, TimelineButton } from './ticket-controls';
import { TicketDiet } from './ticket-diet';
import { canMarkTumbler, TumblerMissingRow, TumblerNotHereButton } from './ticket-tumbler';
import { TumblerPreview } from './tumbler-preview';

interface OrderCardProps {
  order: QueuedOrder;
  /** The board's clock (ms), ticking: the ticket's age is read against it. */
  now: number;
  thresholds: AgeThresholds;
  /** Arrived live since the board was opened and not yet taken. */
  isNew?: boolean;
  selectMode?: boolean;
  selected?: boolean;
  /** A move of this order is on its way to the server. */
  busy?: boolean;
  /** A tap on this order waits on the device for the connection (lib/move-queue.ts): shown as pending. */
  queued?: boolean;
  /** Offline: the id of the text saying so; the tumbler marks (which need the server) are disabled and described by it. */
  offlineReasonId?: string;
  /** The ticket Tab lands on (one ticket of the board is a tab stop; the keys move between them). */
  tabStop?: boolean;
  onToggleSelected?: (id: number) => void;
  onAdvance: (order: QueuedOrder) => void;
  onReject: (order: QueuedOrder) => void;
  onShowTimeline: (order: QueuedOrder) => void;
  /** "Tumbler not here" (true) or "Tumbler found" (false). */
  onMarkTumbler?: (order: QueuedOrder, missing: boolean) => void;
  onFocusTicket?: (id: number) => void;
  /** Who makes it and the tap that changes it (ticket-claim.tsx), under the drink and the person. */
  claim?: ReactNode;
}

const EDGE = {
  fresh: 'border-l-[var(--border-strong)]',
  amber: 'border-l-[var(--warning)]',
  red: 'border-l-[var(--danger)]',
} as const;

/**
 * One ticket of the kitchen display: when it was placed and how long ago, what to make and for
 * whom, and the next step (Do / Done / Cancel, and its timeline), the tumbler mark and its
 * countdown. Compact, so that a 1024 x 768 tablet shows at least six waiting tickets at once
 * between the lanes (docs/decisions/0020-kitchen-display.md, 0075-board-lanes-and-chrome.md).
 */
export function OrderCard({
  order,
  now,
  thresholds,
  isNew,
  selectMode,
  selected,
  busy,
  queued,
  offlineReasonId,
  tabStop,
  onToggleSelected,
  onAdvance,
  onReject,
  onShowTimeline,
  onMarkTumbler,
  onFocusTicket,
  claim,
}: OrderCardProps) {
  const { _ } = useLingui();
  const { timeZone: cafeTimeZone } = useScreenSite();
  const remark = textOrEmpty(order.remark);
  const isBar = order.menu.category.categoryFor === 'bar';
  const description = isBar && !order.walkUp ? textOrEmpty(order.tumblerImage) : '';
  const waiting = order.status === 'ordered';
  const label = orderLabel(order);
  const minutes = ageMinutes(order.orderDate, now);
  const tone = ageTone(minutes, thresholds);
  const tumbler = onMarkTumbler
    ? { order, disabled: Boolean(busy) || offlineReasonId !== undefined, offlineReasonId, onMark: onMarkTumbler }
    : null;
  const showTumblerButton = tumbler !== null && !selectMode && canMarkTumbler(order) && !order.tumblerMissing;

  // In select mode the whole ticket is the target: one tap anywhere selects it.
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (!selectMode) return;
    if (event.target instanceof Element && event.target.closest('button, input, label, a')) return;
    onToggleSelected?.(order.id);
  };

  return (
    <article
      aria-label={queued ? `${label}, ${_('common.moveQueue.pending')}` : label}
      data-ticket-id={order.id}
      data-age={tone}
      tabIndex={tabStop ? 0 : -1}
      onFocus={() => onFocusTicket?.(order.id)}
      onClick={handleClick}
      className={cn(
        'card relative flex h-full flex-col gap-1 border-l-[6px] p-1.5',
        EDGE[tone],
        isNew && 'ring-2 ring-[var(--accent)]',
        selected && 'ring-[3px] ring-[var(--focus)]',
        selectMode && 'cursor-pointer',
      )}
    >
      {isNew ? (
        <StatusPill tone="accent" className="absolute -top-2.5 left-3 shadow-sm ring-1 ring-[var(--surface-raised)]">
          {_('barista.ticket.new')}
        </StatusPill>
      ) : null}
      <OverTargetCue order={order} now={now} />
      {/* The time over its age, and beside them who makes it: a whole 44 px target whose words wrap
          rather than being cut, in the line the time needs anyway (decision 0098). */}
      <div className="flex min-h-11 items-center gap-1.5">
        <div className="flex shrink-0 flex-col items-start">
          <time dateTime={order.orderDate} className="text-lg leading-6 font-bold tabular-nums">
            {formatCafeTime(order.orderDate, cafeTimeZone)}
          </time>
          <span className="flex flex-wrap items-center gap-1">
            <TicketAge minutes={minutes} tone={tone} />
            {queued ? <PendingMovePill className="text-xs" /> : null}
          </span>
        </div>
        {selectMode ? null : claim}
      </div>
      {/* The picture floats on the right: a long drink or person name, and the drink's type and
          sweetness, flow beside it and below. */}
      <div className="flow-root">
        <TicketPicture order={order} isBar={isBar} />
        <h3 className="text-base leading-5 font-bold break-words">{order.menu.name}</h3>
        <p className="text-sm leading-5 font-medium break-words">{personLabel(order)}</p>
        {isBar ? (
          description ? (
            <p className="text-sm break-words">{description}</p>
          ) : null
        ) : (
          <p className="mt-0.5 text-sm leading-6 font-semibold [&>*]:mr-1 [&>*]:align-middle">
            {order.type ? (
              <span className="rounded-md bg-[var(--surface-sunken)] px-1.5 py-px">{drinkTypeText(order.type)}</span>
            ) : null}
            {order.sweetness !== null ? (
              // A sugar mark and the percentage, as compact as the ticket needs; the word is there for screen readers.
              <span
                className="inline-flex items-center gap-0.5 rounded-md bg-[var(--surface-sunken)] px-1.5 py-px"
                title={_('barista.ticket.sweetness', { sweetness: order.sweetness })}
              >
                <Candy aria-hidden="true" className="h-3.5 w-3.5" />
                <span className="sr-only">{_('barista.ticket.sweetnessWord')} </span>
                {order.sweetness}%
              </span>
            ) : null}
            {showTumblerButton && tumbler ? <TumblerNotHereButton {...tumbler} /> : null}
          </p>
        )}
      </div>

      <OrderOptions options={order.options} paragraph />
      <TicketDiet order={order} />
      {order.pickupAt && !order.run ? (
        // A due order for later: made for its pickup time ("For 11:30"); a run's group says it once for its drinks.
        <p>
          <StatusPill tone="accent" className="text-sm">
            <CalendarClock aria-hidden="true" className="h-3.5 w-3.5" />
            {_('barista.ticket.pickupAt', { time: formatPickupTime(order.pickupAt, cafeTimeZone) })}
          </StatusPill>
        </p>
      ) : null}
      {tumbler ? <TumblerMissingRow {...tumbler} /> : null}

      {remark ? (
        <p className="rounded-md bg-[var(--warning-soft)] px-1.5 py-px text-sm leading-5 break-words">
          <span className="font-semibold">{_('barista.ticket.addition')} </span>
          {remark}
        </p>
      ) : null}

      <div className="mt-auto pt-0.5">
        {selectMode ? (
          <SelectTick label={label} checked={selected ?? false} onToggle={() => onToggleSelected?.(order.id)} />
        ) : (
          <div className="grid grid-cols-[2.75rem_minmax(0,1fr)_minmax(0,1fr)] gap-1">
            <TimelineButton label={label} onClick={() => onShowTimeline(order)} />
            <button
              type="button"
              className="btn-secondary px-0.5 text-sm font-semibold text-[var(--danger)]"
              onClick={() => onReject(order)}
              disabled={busy}
            >
              {_('barista.ticket.cancel')}
            </button>
            <button
              type="button"
              className="btn-primary px-0.5 text-base font-bold"
              onClick={() => onAdvance(order)}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {waiting ? _('barista.ticket.do') : _('barista.ticket.done')}
            </button>
          </div>
        )}
      </div>
    </article>
  );
}

/** The tumbler photo (a tap shows it large), a cocktail glass for the bar, "Walk-up" for an order taken at the counter, or "Tray" for a run's drink in the runner's tray. */
function TicketPicture({ order, isBar }: { order: QueuedOrder; isBar: boolean }) {
  const { _ } = useLingui();
  const badge = (text: string) => (
    <span className="float-right ml-1.5 grid h-11 min-w-11 place-items-center rounded-xl border border-dashed border-[var(--border-strong)] px-1 text-xs font-bold text-[var(--accent-on-soft)]">
      {text}
    </span>
  );
  if (order.walkUp) return badge(_('barista.ticket.walkUp'));
  if (isBar) {
    return (
      <span className="float-right ml-1.5 grid h-11 w-11 place-items-center rounded-xl bg-[var(--accent-soft)] text-[var(--accent-strong)]">
        <CocktailGlass className="h-8 w-8" />
      </span>
    );
  }
  // A coffee run's drink for the runner's tray: no tumbler, no photo to show.
  if (order.tumblerImage === '') return badge(_('barista.ticket.tray'));
  return (
    <TumblerPreview
      src={order.tumblerImage}
      menuName={order.menu.name}
      userName={order.user.name}
      className="float-right ml-1.5 h-11 w-11"
    />
  );
}
