import { useLingui } from '@lingui/react';
import type { OrderRun, QueuedOrder } from '@cafe/shared';
import { BellRing } from 'lucide-react';
import { useEffect, useId, useRef, type FocusEvent, type ReactNode } from 'react';
import { PendingMovePill } from '@/components/queued-moves';
import { StatusPill } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { useBoardSelection } from '@/features/barista/hooks/use-board-selection';
import { canMarkUncollected, readySince } from '@/features/barista/lib/counter';
import { orderLabel, personLabel } from '@/features/barista/lib/order-label';
import { laneItems } from '@/features/barista/lib/run-groups';
import { ageMinutes, formatAge } from '@/features/barista/lib/ticket-age';
import { LaneSelectButton } from './lane-select-button';
import { LANE_BODY, LANE_FRAME, LANE_LIST, LaneHeader, laneColumnsStyle } from './order-section';
import { OrderOptions } from './order-options';
import { SelectTick, TimelineButton } from './ticket-controls';
import { TicketDiet } from './ticket-diet';

interface ReadyLaneProps {
  /** The finished drinks (status `done`), longest waiting first. */
  orders: readonly QueuedOrder[];
  /** The board's clock (ms): each drink's age is read against it. */
  now: number;
  /** The site's minutes after which a drink may be marked not collected. */
  uncollectedAfterMinutes: number;
  pendingIds: ReadonlySet<number>;
  /** Drinks with a tap waiting on the device for the connection (lib/move-queue.ts): shown as pending. */
  queuedIds?: ReadonlySet<number>;
  className?: string;
  onFinish: (order: QueuedOrder, status: 'picked' | 'uncollected') => void;
  onShowTimeline: (order: QueuedOrder) => void;
  /**
   * The board's select mode (hooks/use-board-selection.ts): in the lane's own, each drink is ticked
   * instead of handed over, for Hand over selected.
   */
  selection?: Pick<ReturnType<typeof useBoardSelection>, 'activeIn' | 'isSelected' | 'toggle' | 'enter'>;
  /** A coffee run's drinks (`drinks`, their list) in the group with All picked up (components/run-group.tsx). */
  renderRun?: (run: OrderRun, orders: QueuedOrder[], drinks: ReactNode) => ReactNode;
  /** Its columns of drinks on a tablet or a desktop (lib/lane-columns.ts). */
  columns?: number;
}

/**
 * The Ready lane: finished drinks on the counter with how long they have waited, until the owner
 * picks one up or the barista hands it over; after the site's time a drink may be marked not
 * collected. Each drink is a list item named as its ticket was ("Latte for Ann"), not a ticket
 * (an article): the tickets are what is still to make. A coffee run's drinks stand together under
 * their run, handed over one by one or with All picked up.
 */
export function ReadyLane({
  orders,
  now,
  uncollectedAfterMinutes,
  pendingIds,
  queuedIds,
  className,
  onFinish,
  onShowTimeline,
  selection,
  renderRun,
  columns = 1,
}: ReadyLaneProps) {
  const { _ } = useLingui();
  const selecting = selection?.activeIn('ready') ?? false;
  const headingId = useId();
  const lane = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The place in the lane of the drink whose button has the focus. A drink handed over leaves
  // with its button, and the focus would fall back to the page: it goes to the next drink's
  // Handed over instead, or to the lane's heading when none is left (WCAG 2.4.3, decision 0055).
  const focusedAt = useRef<number | null>(null);
  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    const item = event.target.closest('[data-ready-id]');
    const items = [...(lane.current?.querySelectorAll('[data-ready-id]') ?? [])];
    focusedAt.current = item ? items.indexOf(item) : null;
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    const left = event.target as HTMLButtonElement;
    // Gone elsewhere (another control, or a click on the page) rather than taken away with its drink.
    if (event.relatedTarget) focusedAt.current = null;
    else
      setTimeout(() => {
        if (left.isConnected && !left.disabled && document.activeElement !== left) focusedAt.current = null;
      });
  };
  useEffect(() => {
    const at = focusedAt.current;
    if (at === null || (document.activeElement && document.activeElement !== document.body)) return;
    const items = [...(lane.current?.querySelectorAll<HTMLElement>('[data-ready-id]') ?? [])];
    const byNearness = [...items.slice(at), ...items.slice(0, at).reverse()];
    const next = byNearness
      .map((item) => item.querySelector<HTMLButtonElement>('[data-handover]'))
      .find((button) => button && !button.disabled);
    (next ?? heading.current)?.focus();
  });
  const drink = (order: QueuedOrder) => (
    <ReadyDrink
      key={order.id}
      order={order}
      now={now}
      canUncollect={canMarkUncollected(order, uncollectedAfterMinutes, now)}
      busy={pendingIds.has(order.id)}
      queued={queuedIds?.has(order.id) ?? false}
      onFinish={onFinish}
      onShowTimeline={onShowTimeline}
      selection={selecting ? selection : undefined}
    />
  );
  return (
    <section
      ref={lane}
      aria-labelledby={headingId}
      data-lane=""
      style={laneColumnsStyle(columns)}
      className={cn(LANE_FRAME, className)}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      <LaneHeader id={headingId} title={_('barista.ready.heading')} count={orders.length} headingRef={heading}>
        {selection && !selecting && orders.length > 0 ? (
          // Several drinks handed over at once start here: Select, tick them, Hand over selected.
          <LaneSelectButton
            lane="ready"
            className="btn-secondary mt-1 min-h-11 w-full"
            onClick={() => selection.enter('ready')}
          />
        ) : null}
      </LaneHeader>
      {orders.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-[var(--border)] p-3 text-center text-sm text-[var(--ink-muted)]">
          {_('barista.board.nothingHere')}
        </p>
      ) : (
        <div data-lane-body="" className={LANE_BODY}>
          <ul className={LANE_LIST}>
            {laneItems(orders, renderRun !== undefined).map((item) =>
              item.kind === 'order' ? (
                drink(item.order)
              ) : (
                <li key={`run-${item.run.id}`} className="col-span-full min-w-0">
                  {renderRun?.(item.run, item.orders, <ul className={LANE_LIST}>{item.orders.map(drink)}</ul>)}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

interface ReadyDrinkProps {
  order: QueuedOrder;
  now: number;
  canUncollect: boolean;
  /** Its move is on its way: the buttons wait. */
  busy: boolean;
  queued: boolean;
  onFinish: ReadyLaneProps['onFinish'];
  onShowTimeline: ReadyLaneProps['onShowTimeline'];
  /** Select mode is on: a tick box instead of the moves. */
  selection?: ReadyLaneProps['selection'];
}

function ReadyDrink({ order, now, canUncollect, busy, queued, onFinish, onShowTimeline, selection }: ReadyDrinkProps) {
  const { _ } = useLingui();
  const label = orderLabel(order);
  const since = readySince(order);
  return (
    <li
      aria-label={queued ? `${label}, ${_('common.moveQueue.pending')}` : label}
      data-ready-id={order.id}
      className={cn(
        'card flex min-w-0 flex-col gap-1 border-l-[6px] p-1.5',
        canUncollect ? 'border-l-[var(--warning)]' : 'border-l-[var(--success)]',
      )}
    >
      {/* The drink's name has the lane's whole width; its person and age share the line under it. */}
      <h3 className="min-w-0 text-base leading-5 font-bold break-words">{order.menu.name}</h3>
      <div className="flex items-start justify-between gap-1">
        <p className="min-w-0 text-sm leading-5 font-medium break-words">{personLabel(order)}</p>
        <time
          dateTime={since}
          title={_('barista.ready.ageTitle')}
          className="shrink-0 rounded-full bg-[var(--surface-sunken)] px-1.5 text-sm leading-5 font-bold whitespace-nowrap tabular-nums"
        >
          {formatAge(ageMinutes(since, now))}
        </time>
      </div>
      <OrderOptions options={order.options} />
      <TicketDiet order={order} />
      {queued ? (
        <p>
          <PendingMovePill />
        </p>
      ) : null}
      {order.remindedAt ? (
        <p>
          <StatusPill tone="neutral">
            <BellRing aria-hidden="true" className="h-3.5 w-3.5" />
            {_('barista.ready.reminded')}
          </StatusPill>
        </p>
      ) : null}
      {selection ? (
        <SelectTick
          label={label}
          className="mt-auto"
          checked={selection.isSelected(order.id)}
          onToggle={() => selection.toggle(order.id)}
        />
      ) : (
        <div className="mt-auto grid grid-cols-[2.75rem_minmax(0,1fr)] gap-1.5 pt-0.5">
          <TimelineButton label={label} onClick={() => onShowTimeline(order)} />
          <button
            type="button"
            data-handover=""
            className="btn-primary px-1 text-sm font-bold whitespace-nowrap"
            onClick={() => onFinish(order, 'picked')}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {_('barista.ready.handedOver')}
          </button>
          {canUncollect ? (
            <button
              type="button"
              className="btn-secondary col-span-2 px-1 text-sm font-semibold text-[var(--danger)]"
              onClick={() => onFinish(order, 'uncollected')}
              disabled={busy}
            >
              {_('barista.ready.notCollected')}
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}
