import { useLingui } from '@lingui/react';
import type { QueueFilter, QueuedOrder } from '@cafe/shared';
import { CheckSquare, Coffee } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { OfflineReason } from '@/components/offline-banner';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useNow } from '@/hooks/use-now';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';
import { useBulkBaristaOrders } from '@/features/barista/api/bulk-barista-orders';
import { useUpdateBaristaOrder, type RejectOrdersResult } from '@/features/barista/api/update-barista-order';
import { useBoardShortcuts } from '@/features/barista/hooks/use-board-shortcuts';
import { useUndo } from '@/features/barista/hooks/use-undo';
import { allDayCounts, type DrinkCount } from '@/features/barista/lib/all-day-counts';
import { bulkOutcome } from '@/features/barista/lib/bulk';
import { FILTER_OPTIONS, filterOrders } from '@/features/barista/lib/order-filter';
import { orderLabel, unknownOrderLabel } from '@/features/barista/lib/order-label';
import type { ShortcutAction } from '@/features/barista/lib/shortcuts';
import { DEFAULT_AGE_THRESHOLDS, type AgeThresholds } from '@/features/barista/lib/ticket-age';
import { AllDayCounts } from './all-day-counts';
import { BulkFailures, type BulkFailureReport } from './bulk-failures';
import { OrderCard } from './order-card';
import { OrderTimelineDialog } from './order-timeline-dialog';
import { RejectOrderDialog } from './reject-order-dialog';
import { SegmentedControl } from './segmented-control';

/** How often the tickets' ages are read again: a minute display is at most this late. */
const AGE_TICK_MS = 10_000;

interface OrderBoardProps {
  orders: readonly QueuedOrder[];
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  newOrderIds?: ReadonlySet<number>;
  onTaken?: (id: number) => void;
  thresholds?: AgeThresholds;
  /** Says something to screen readers (the board's polite live region). */
  announce?: (text: string) => void;
  /** "?" was pressed: show the shortcuts. */
  onShowHelp?: () => void;
}

const noop = () => undefined;

/**
 * Today's queue as a kitchen display: In Progress as a narrow lane and Waiting as a grid of compact
 * tickets on a tablet (one column on a phone), with the category filter, all-day counts, select
 * mode with bulk Do / Done / Cancel, undo, keyboard shortcuts and each order's timeline
 * (docs/decisions/0020-kitchen-display.md).
 */
export function OrderBoard({
  orders,
  isLoading,
  error,
  onRetry,
  newOrderIds,
  onTaken,
  thresholds = DEFAULT_AGE_THRESHOLDS,
  announce = noop,
  onShowHelp = noop,
}: OrderBoardProps) {
  const { _ } = useLingui();
  const now = useNow(AGE_TICK_MS).getTime();
  const [filter, setFilter] = useState<QueueFilter>('all');
  const [drink, setDrink] = useState<{ menuId: number; name: string } | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [rejecting, setRejecting] = useState<readonly QueuedOrder[]>([]);
  const [timelineOrder, setTimelineOrder] = useState<QueuedOrder | null>(null);
  const [failures, setFailures] = useState<BulkFailureReport | null>(null);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(() => new Set());
  const [currentId, setCurrentId] = useState<number | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  /** A ticket moved from the keyboard (or from one of its buttons): the focus follows it, or its successor. */
  const followFocus = useRef<{ id: number; index: number } | null>(null);
  const update = useUpdateBaristaOrder();
  const bulk = useBulkBaristaOrders();
  const undo = useUndo(announce);
  // Do, Done and Cancel need the server: offline they are disabled and say why.
  const offline = useOffline();
  const offlineReasonId = useId();

  const inCategory = useMemo(() => filterOrders(orders, filter), [orders, filter]);
  const counts = useMemo((): DrinkCount[] => {
    const list = allDayCounts(inCategory);
    // The drink the board is narrowed to keeps its chip (x0 once none waits), so it can be cleared.
    if (drink && !list.some((c) => c.menuId === drink.menuId)) list.push({ ...drink, count: 0 });
    return list;
  }, [inCategory, drink]);
  const visible = useMemo(
    () => (drink ? inCategory.filter((o) => o.menu.id === drink.menuId) : inCategory),
    [inCategory, drink],
  );
  const inProgress = useMemo(() => visible.filter((o) => o.status === 'in-progress'), [visible]);
  const waiting = useMemo(() => visible.filter((o) => o.status === 'ordered'), [visible]);
  /** Reading order of the tickets: the lane, then the grid (what the next / previous keys follow). */
  const tickets = useMemo(() => [...inProgress, ...waiting], [inProgress, waiting]);
  // Orders that left the list (done elsewhere, filtered out) are no longer selected.
  const selected = visible.filter((o) => selectedIds.has(o.id));
  const selectedWaiting = selected.filter((o) => o.status === 'ordered');
  const selectedInProgress = selected.filter((o) => o.status === 'in-progress');
  const tabStopId = tickets.some((t) => t.id === currentId) ? currentId : (tickets[0]?.id ?? null);

  const markPending = (ids: readonly number[], pending: boolean) =>
    setPendingIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (pending) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const focusTicket = useCallback((id: number) => {
    boardRef.current?.querySelector<HTMLElement>(`[data-ticket-id="${id}"]`)?.focus();
  }, []);

  // After a move the ticket is drawn in another section (or is gone): the focus, lost with the old
  // element, goes to the ticket again, or to the one that took its place.
  useEffect(() => {
    const follow = followFocus.current;
    const root = boardRef.current;
    if (!follow || !root) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (!root.contains(active)) followFocus.current = null;
      return;
    }
    followFocus.current = null;
    const all = root.querySelectorAll<HTMLElement>('[data-ticket-id]');
    const target =
      root.querySelector<HTMLElement>(`[data-ticket-id="${follow.id}"]`) ?? all[Math.min(follow.index, all.length - 1)];
    target?.focus();
  }, [tickets]);

  const handleExitSelect = () => {
    setSelectMode(false);
    setSelectedIds(new Set());
  };

  const handleToggleSelected = (id: number) => {
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const handleAdvance = async (order: QueuedOrder) => {
    if (pendingIds.has(order.id)) return;
    onTaken?.(order.id);
    if (boardRef.current?.contains(document.activeElement))
      followFocus.current = { id: order.id, index: tickets.findIndex((t) => t.id === order.id) };
    const status = order.status === 'ordered' ? 'in-progress' : 'done';
    markPending([order.id], true);
    try {
      const moved = await update.mutateAsync({ id: order.id, status });
      undo.offer(status, [moved]);
    } catch (error) {
      if (isApiError(error, 'INVALID_TRANSITION')) toast.error(errorText(error));
      else toast.error(_('barista.board.notUpdated'), { description: errorText(error) });
    } finally {
      markPending([order.id], false);
    }
  };

  const handleBulk = async (status: 'in-progress' | 'done') => {
    const targets = status === 'in-progress' ? selectedWaiting : selectedInProgress;
    if (targets.length === 0) return;
    const ids = targets.map((o) => o.id);
    setFailures(null);
    markPending(ids, true);
    try {
      const outcome = bulkOutcome(await bulk.mutateAsync({ ids, status }), targets);
      undo.offer(status, outcome.moved);
      if (outcome.failed.length > 0)
        setFailures({
          action: status === 'in-progress' ? 'started' : 'finished',
          total: targets.length,
          failed: outcome.failed,
        });
      if (outcome.moved.length > 0) handleExitSelect();
    } catch (error) {
      toast.error(status === 'in-progress' ? _('barista.board.notStarted') : _('barista.board.notFinished'), {
        description: errorText(error),
      });
    } finally {
      markPending(ids, false);
    }
  };

  /** Where the reject dialog was opened from: the button, and the place of its first ticket. */
  const rejectFrom = useRef<{ button: Element | null; index: number } | null>(null);
  const openReject = (targets: readonly QueuedOrder[]) => {
    rejectFrom.current = {
      button: document.activeElement,
      index: tickets.findIndex((t) => t.id === targets[0]?.id),
    };
    setRejecting(targets);
  };
  // The dialog gives the focus back to the button that opened it; when that went with its
  // canceled ticket, the focus goes to the ticket that took its place (none left: the Modal's
  // fallback, the screen's main content).
  const handleRejectCloseFocus = (event: Event) => {
    const from = rejectFrom.current;
    rejectFrom.current = null;
    if (!from || from.button?.isConnected) return;
    const all = boardRef.current?.querySelectorAll<HTMLElement>('[data-ticket-id]') ?? [];
    const target = all[Math.min(Math.max(from.index, 0), all.length - 1)];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const handleReject = (order: QueuedOrder) => {
    onTaken?.(order.id);
    openReject([order]);
  };

  const handleRejected = (result: RejectOrdersResult) => {
    undo.offer('rejected', result.rejected);
    if (result.failures.length > 0) {
      const byId = new Map(orders.map((o) => [o.id, o]));
      setFailures({
        action: 'canceled',
        total: result.rejected.length + result.failures.length,
        failed: result.failures.map((f) => {
          const order = byId.get(f.id);
          return { id: f.id, label: order ? orderLabel(order) : unknownOrderLabel(f.id), message: f.message };
        }),
      });
    }
    if (result.rejected.length > 0 && selectMode) handleExitSelect();
  };

  const handleShortcut = (action: ShortcutAction, ticketId: number | null) => {
    if (action === 'help') return onShowHelp();
    if (offline && action !== 'next' && action !== 'previous') {
      announce(_('barista.board.offlineMoves'));
      return;
    }
    if (action === 'undo') return undo.undoLatest();
    const index = ticketId === null ? -1 : tickets.findIndex((t) => t.id === ticketId);
    if (action === 'next' || action === 'previous') {
      if (tickets.length === 0) return;
      const step = action === 'next' ? 1 : -1;
      const next =
        index === -1 ? (step === 1 ? 0 : tickets.length - 1) : Math.min(tickets.length - 1, Math.max(0, index + step));
      focusTicket(tickets[next]!.id);
      return;
    }
    const ticket = tickets[index];
    if (!ticket) {
      announce(_('barista.board.noTicket'));
      return;
    }
    if (action === 'do') {
      if (ticket.status === 'ordered') void handleAdvance(ticket);
      else announce(_('barista.board.alreadyInProgress', { order: orderLabel(ticket) }));
    } else if (ticket.status === 'in-progress') void handleAdvance(ticket);
    else announce(_('barista.board.stillWaiting', { order: orderLabel(ticket) }));
  };
  useBoardShortcuts(handleShortcut);

  const renderTicket = (order: QueuedOrder) => (
    <OrderCard
      order={order}
      now={now}
      thresholds={thresholds}
      isNew={order.status === 'ordered' && newOrderIds?.has(order.id)}
      selectMode={selectMode}
      selected={selectedIds.has(order.id)}
      busy={pendingIds.has(order.id)}
      offlineReasonId={offline ? offlineReasonId : undefined}
      tabStop={order.id === tabStopId}
      onToggleSelected={handleToggleSelected}
      onAdvance={(o) => void handleAdvance(o)}
      onReject={handleReject}
      onShowTimeline={setTimelineOrder}
      onFocusTicket={setCurrentId}
    />
  );

  return (
    <div ref={boardRef} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex items-center gap-2">
          <span className="text-sm font-semibold text-[var(--ink-muted)]" aria-hidden="true">
            {_('barista.board.filter')}
          </span>
          <SegmentedControl<QueueFilter>
            label={_('barista.board.filter')}
            size="compact"
            value={filter}
            options={FILTER_OPTIONS.map((o) => ({ value: o.value, label: _(o.labelId) }))}
            onValueChange={(next) => {
              setFilter(next);
              setDrink(null);
            }}
          />
        </div>
        <AllDayCounts
          counts={counts}
          selectedMenuId={drink?.menuId ?? null}
          onSelect={(menuId) => {
            const count = counts.find((c) => c.menuId === menuId);
            setDrink(menuId === null || !count ? null : { menuId, name: count.name });
          }}
        />
        {selectMode ? null : (
          <button
            type="button"
            className="btn-secondary min-h-11 lg:ml-auto"
            onClick={() => setSelectMode(true)}
            disabled={visible.length === 0}
          >
            <CheckSquare aria-hidden="true" className="h-5 w-5" />
            {_('barista.board.select')}
          </button>
        )}
      </div>

      {selectMode ? (
        <div
          role="group"
          aria-label={_('barista.board.selectedOrders')}
          className="flex flex-wrap items-center gap-2 rounded-2xl border border-[var(--border-strong)] bg-[var(--surface-sunken)] p-2"
        >
          <button type="button" className="btn-secondary min-h-11" onClick={handleExitSelect}>
            {_('barista.board.back')}
          </button>
          <button
            type="button"
            className="btn-secondary min-h-11"
            onClick={() => setSelectedIds(new Set(visible.map((o) => o.id)))}
            disabled={selected.length === visible.length}
          >
            {_('barista.board.selectAll')}
          </button>
          <span className="px-1 text-sm font-semibold text-[var(--ink-muted)]" aria-live="polite">
            {_('barista.board.selectedCount', { count: selected.length })}
          </span>
          <span className="flex flex-wrap gap-2 sm:ml-auto">
            <BulkButton
              disabled={selectedWaiting.length === 0 || bulk.isPending || offline}
              describedBy={offline ? offlineReasonId : undefined}
              onClick={() => void handleBulk('in-progress')}
            >
              {selectedWaiting.length > 0
                ? _('barista.board.doSelectedCount', { count: selectedWaiting.length })
                : _('barista.board.doSelected')}
            </BulkButton>
            <BulkButton
              disabled={selectedInProgress.length === 0 || bulk.isPending || offline}
              describedBy={offline ? offlineReasonId : undefined}
              onClick={() => void handleBulk('done')}
            >
              {selectedInProgress.length > 0
                ? _('barista.board.doneSelectedCount', { count: selectedInProgress.length })
                : _('barista.board.doneSelected')}
            </BulkButton>
            <BulkButton
              danger
              disabled={selected.length === 0 || bulk.isPending || offline}
              describedBy={offline ? offlineReasonId : undefined}
              onClick={() => openReject(selected)}
            >
              {selected.length > 0
                ? _('barista.board.cancelSelectedCount', { count: selected.length })
                : _('barista.board.cancelSelected')}
            </BulkButton>
          </span>
        </div>
      ) : null}

      <OfflineReason
        id={offlineReasonId}
        className="self-start rounded-full bg-[var(--warning-soft)] px-3 py-1 text-sm font-semibold text-[var(--ink)]"
      />

      {failures ? <BulkFailures report={failures} onDismiss={() => setFailures(null)} /> : null}

      {isLoading ? (
        <LoadingBlock label={_('barista.board.loading')} />
      ) : error ? (
        <ErrorState message={_('barista.board.loadFailed', { reason: errorText(error) ?? '' })} onRetry={onRetry} />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<Coffee className="h-7 w-7" />}
          title={_('barista.board.emptyTitle')}
          description={_('barista.board.emptyText')}
          className="card"
        />
      ) : (
        <div className="grid gap-3 lg:grid-cols-[11rem_minmax(0,1fr)] lg:items-start">
          <OrderSection
            title={_('barista.board.inProgress')}
            orders={inProgress}
            className="lg:rounded-2xl lg:bg-[var(--surface-sunken)] lg:p-1.5"
            listClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-1"
            renderOrder={renderTicket}
          />
          <OrderSection
            title={_('barista.board.waiting')}
            orders={waiting}
            listClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))]"
            renderOrder={renderTicket}
          />
        </div>
      )}

      <RejectOrderDialog
        orders={rejecting}
        onClose={() => setRejecting([])}
        onRejected={handleRejected}
        onCloseAutoFocus={handleRejectCloseFocus}
      />
      <OrderTimelineDialog
        order={timelineOrder}
        onClose={() => setTimelineOrder(null)}
        onUndone={(id) => undo.forget(id)}
      />
    </div>
  );
}

function OrderSection({
  title,
  orders,
  className,
  listClassName,
  renderOrder,
}: {
  title: string;
  orders: readonly QueuedOrder[];
  className?: string;
  listClassName: string;
  renderOrder: (order: QueuedOrder) => ReactNode;
}) {
  const { _ } = useLingui();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-2 border-b-2 border-[var(--border)] px-0.5 pb-1">
        <h2 id={headingId} className="text-lg leading-6 font-bold">
          {title}
        </h2>
        <span className="text-base font-semibold text-[var(--ink-muted)]">
          {_('barista.board.orderCount', { count: orders.length })}
        </span>
      </header>
      {orders.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-[var(--border)] p-3 text-center text-sm text-[var(--ink-muted)]">
          {_('barista.board.nothingHere')}
        </p>
      ) : (
        <ul className={cn('grid gap-2', listClassName)}>
          {orders.map((order) => (
            <li key={order.id} className="min-w-0">
              {renderOrder(order)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A button of select mode's bar: acts on the selected orders it can. */
function BulkButton({
  danger = false,
  disabled,
  describedBy,
  onClick,
  children,
}: {
  danger?: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'btn-danger min-h-11' : 'btn-primary min-h-11'}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
