import { drinkTypeLabel, textOrEmpty, type QueuedOrder } from '@cafe/shared';
import { Clock } from 'lucide-react';
import { toast } from 'sonner';
import { useSettings } from '@/api/settings';
import { StatusPill } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { formatCafeTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { useUpdateBaristaOrder } from '@/features/barista/api/update-barista-order';
import { CocktailGlass } from './cocktail-glass';
import { TumblerPreview } from './tumbler-preview';

interface OrderCardProps {
  order: QueuedOrder;
  /** Arrived live since the board was opened and not yet taken. */
  isNew?: boolean;
  selectMode?: boolean;
  selected?: boolean;
  onToggleSelected?: (id: number) => void;
  onReject: (order: QueuedOrder) => void;
  onTaken?: (id: number) => void;
}

/** One order on the board: what to make, for whom, and the next step (Do / Done / Cancel). */
export function OrderCard({ order, isNew, selectMode, selected, onToggleSelected, onReject, onTaken }: OrderCardProps) {
  const update = useUpdateBaristaOrder();
  const { cafeTimeZone } = useSettings();
  const remark = textOrEmpty(order.remark);
  const description = textOrEmpty(order.tumblerImage);
  const isBar = order.menu.category.categoryFor === 'bar';
  const waiting = order.status === 'ordered';
  const label = `${order.menu.name} for ${order.user.name}`;

  const handleAdvance = async () => {
    onTaken?.(order.id);
    try {
      await update.mutateAsync({ id: order.id, status: waiting ? 'in-progress' : 'done' });
    } catch (error) {
      if (isApiError(error, 'INVALID_TRANSITION')) toast.error(error.message);
      else
        toast.error('The order was not updated', { description: error instanceof Error ? error.message : undefined });
    }
  };

  const handleReject = () => {
    onTaken?.(order.id);
    onReject(order);
  };

  return (
    <article
      aria-label={label}
      className={cn(
        'card flex flex-col gap-3 p-4',
        isNew && 'ring-2 ring-[var(--accent)]',
        selected && 'ring-2 ring-[var(--danger)]',
      )}
    >
      <div className="flex gap-3">
        {isBar ? (
          <span className="grid h-24 w-24 shrink-0 place-items-center rounded-xl bg-[var(--accent-soft)] text-[var(--accent-strong)]">
            <CocktailGlass className="h-16 w-16" />
          </span>
        ) : (
          <TumblerPreview src={order.tumblerImage} menuName={order.menu.name} userName={order.user.name} />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <time dateTime={order.orderDate} className="text-2xl font-bold tabular-nums">
              {formatCafeTime(order.orderDate, cafeTimeZone)}
            </time>
            {isNew ? <StatusPill tone="accent">New</StatusPill> : null}
          </div>
          <h3 className="text-xl leading-tight font-bold break-words">{order.menu.name}</h3>
          <p className="text-lg break-words text-[var(--ink-muted)]">{order.user.name}</p>
        </div>
      </div>

      {isBar ? (
        description ? (
          <p className="text-base">{description}</p>
        ) : null
      ) : (
        <div className="flex flex-wrap gap-2 text-base font-semibold">
          {order.type ? (
            <span className="rounded-lg bg-[var(--surface-sunken)] px-3 py-1">{drinkTypeLabel(order.type)}</span>
          ) : null}
          {order.sweetness !== null ? (
            <span className="rounded-lg bg-[var(--surface-sunken)] px-3 py-1">Sweetness {order.sweetness}%</span>
          ) : null}
        </div>
      )}

      {remark ? (
        <p className="rounded-lg bg-[var(--warning-soft)] px-3 py-2 text-base break-words">
          <span className="font-semibold">Addition: </span>
          {remark}
        </p>
      ) : null}

      {typeof order.estimatedWaitMinutes === 'number' ? (
        <p className="flex items-center gap-1 text-sm text-[var(--ink-muted)]">
          <Clock aria-hidden="true" className="h-4 w-4" />
          Ready in about {order.estimatedWaitMinutes} min
        </p>
      ) : null}

      {selectMode ? (
        <label className="btn-secondary min-h-12 cursor-pointer justify-start text-base">
          <input
            type="checkbox"
            className="h-6 w-6 accent-[var(--danger)]"
            checked={selected ?? false}
            onChange={() => onToggleSelected?.(order.id)}
            aria-label={`Select ${label}`}
          />
          <span aria-hidden="true">{selected ? 'Selected' : 'Select'}</span>
        </label>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <button
            type="button"
            className="btn-secondary min-h-14 text-lg text-[var(--danger)]"
            onClick={handleReject}
            disabled={update.isPending}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn-primary min-h-14 text-lg"
            onClick={() => void handleAdvance()}
            disabled={update.isPending}
            aria-busy={update.isPending || undefined}
          >
            {waiting ? 'Do' : 'Done'}
          </button>
        </div>
      )}
    </article>
  );
}
