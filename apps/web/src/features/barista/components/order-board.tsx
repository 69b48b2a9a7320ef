import type { QueueFilter } from '@cafe/shared';
import { CheckSquare, Coffee } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import type { QueuedOrder } from '@cafe/shared';
import { FILTER_OPTIONS, filterOrders } from '@/features/barista/lib/order-filter';
import { OrderCard } from './order-card';
import { RejectOrderDialog } from './reject-order-dialog';
import { SegmentedControl } from './segmented-control';

interface OrderBoardProps {
  orders: readonly QueuedOrder[];
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  newOrderIds?: ReadonlySet<number>;
  onTaken?: (id: number) => void;
}

/** Today's queue: In Progress and Waiting side by side on a tablet, with filter and multi-select. */
export function OrderBoard({ orders, isLoading, error, onRetry, newOrderIds, onTaken }: OrderBoardProps) {
  const [filter, setFilter] = useState<QueueFilter>('all');
  const [selectMode, setSelectMode] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [rejecting, setRejecting] = useState<readonly QueuedOrder[]>([]);

  const visible = useMemo(() => filterOrders(orders, filter), [orders, filter]);
  const inProgress = visible.filter((o) => o.status === 'in-progress');
  const waiting = visible.filter((o) => o.status === 'ordered');
  // Orders that left the list (done elsewhere, filtered out) are no longer selected.
  const selected = visible.filter((o) => selectedIds.has(o.id));

  const handleToggleSelected = (id: number) => {
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const handleExitSelect = () => {
    setSelectMode(false);
    setSelectedIds(new Set());
  };

  const handleReject = (order: QueuedOrder) => setRejecting([order]);

  const cardProps = {
    selectMode,
    onToggleSelected: handleToggleSelected,
    onReject: handleReject,
    onTaken,
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold text-[var(--ink-muted)]" aria-hidden="true">
            Filter
          </span>
          <SegmentedControl<QueueFilter>
            label="Filter"
            value={filter}
            options={FILTER_OPTIONS}
            onValueChange={setFilter}
          />
        </div>
        {selectMode ? (
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn-secondary min-h-12" onClick={handleExitSelect}>
              Back
            </button>
            <button
              type="button"
              className="btn-danger min-h-12"
              disabled={selected.length === 0}
              onClick={() => setRejecting(selected)}
            >
              Cancel Selected{selected.length > 0 ? ` (${selected.length})` : ''}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn-secondary min-h-12"
            onClick={() => setSelectMode(true)}
            disabled={visible.length === 0}
          >
            <CheckSquare aria-hidden="true" className="h-5 w-5" />
            Select
          </button>
        )}
      </div>

      {isLoading ? (
        <LoadingBlock label="Loading orders..." />
      ) : error ? (
        <ErrorState message={`The orders could not be loaded. ${error.message}`} onRetry={onRetry} />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<Coffee className="h-7 w-7" />}
          title="No orders now,"
          description="new orders appear here by themselves."
          className="card"
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <OrderSection
            title="In Progress Order"
            orders={inProgress}
            renderOrder={(order) => <OrderCard order={order} selected={selectedIds.has(order.id)} {...cardProps} />}
          />
          <OrderSection
            title="Waiting Order"
            orders={waiting}
            renderOrder={(order) => (
              <OrderCard
                order={order}
                isNew={newOrderIds?.has(order.id)}
                selected={selectedIds.has(order.id)}
                {...cardProps}
              />
            )}
          />
        </div>
      )}

      <RejectOrderDialog
        orders={rejecting}
        onClose={() => setRejecting([])}
        onRejected={() => {
          if (selectMode) handleExitSelect();
        }}
      />
    </div>
  );
}

function OrderSection({
  title,
  orders,
  renderOrder,
}: {
  title: string;
  orders: readonly QueuedOrder[];
  renderOrder: (order: QueuedOrder) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <header className="flex items-baseline justify-between gap-2 border-b-2 border-[var(--border)] pb-2">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <span className="text-lg font-semibold text-[var(--ink-muted)]">{`${orders.length} Orders`}</span>
      </header>
      {orders.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-[var(--border)] p-6 text-center text-[var(--ink-muted)]">
          Nothing here
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <li key={order.id}>{renderOrder(order)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
