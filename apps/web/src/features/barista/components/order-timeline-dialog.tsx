import { useLingui } from '@lingui/react';
import { LIMITS, type LiveEventPayload, type Order, type TimelineEntry } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { useScreenSite } from '@/api/site-state';
import { AlertMessage, ErrorState, LoadingBlock, Modal, ModalClose } from '@/components/ui';
import { useNow } from '@/hooks/use-now';
import { actorName } from '@/lib/actor-name';
import { cafeDayOfIso, cafeToday, formatCafeDate, formatCafeTime } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { useLiveEvent } from '@/lib/socket';
import { orderTimelineQueryOptions, useOrderTimeline } from '@/features/barista/api/get-order-timeline';
import { useUndoBaristaOrders } from '@/features/barista/api/undo-barista-order';
import { orderLabel } from '@/features/barista/lib/order-label';
import { optionsText } from '@/lib/drink-options';
import { timelineStepText, undoableEntry, undoMoveOf } from '@/features/barista/lib/timeline';
import { undoFailureText, undoMoveText } from '@/features/barista/lib/undo';

interface OrderTimelineDialogProps {
  /** The order whose timeline shows; the dialog is open while this is set. */
  order: (Pick<Order, 'id' | 'menu' | 'user'> & Partial<Pick<Order, 'options'>>) | null;
  onClose: () => void;
  /** The order's last move was taken back from here. */
  onUndone?: (id: number) => void;
}

/**
 * Every move of an order (placed, taken, done, picked, not collected, canceled, rejected, undone)
 * and its tumbler marks and reminder: who and when, in cafe time.
 */
export function OrderTimelineDialog({ order, onClose, onUndone }: OrderTimelineDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={_('barista.timeline.title')}
      description={order ? [orderLabel(order), optionsText(order.options)].filter(Boolean).join(' · ') : undefined}
      size="md"
      footer={
        <ModalClose asChild>
          <button type="button" className="btn-secondary min-h-11">
            {_('barista.timeline.close')}
          </button>
        </ModalClose>
      }
    >
      {order ? <TimelineBody order={order} onUndone={onUndone} /> : null}
    </Modal>
  );
}

/** HH:mm:ss on the cafe's clock (zones differ from UTC by whole minutes: the seconds are the same). */
function cafeTimeWithSeconds(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatCafeTime(iso, timeZone)}:${String(date.getUTCSeconds()).padStart(2, '0')}`;
}

function TimelineBody({
  order,
  onUndone,
}: {
  order: Pick<Order, 'id' | 'menu' | 'user'>;
  onUndone?: (id: number) => void;
}) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const { timeZone: cafeTimeZone } = useScreenSite();
  const timeline = useOrderTimeline(order.id);
  const undo = useUndoBaristaOrders();
  const [undoError, setUndoError] = useState<string | null>(null);
  // Ticks each second while the undo is offered, for its countdown.
  const now = useNow(1000).getTime();
  const today = cafeToday(cafeTimeZone, new Date(now));

  // A move made while the dialog is open (here or elsewhere) shows at once.
  const handleOrder = useCallback(
    (event: LiveEventPayload<'orders'>) => {
      if (event.id === order.id)
        void queryClient.invalidateQueries({ queryKey: orderTimelineQueryOptions(order.id).queryKey });
    },
    [order.id, queryClient],
  );
  useLiveEvent('orders', handleOrder);

  const entries = timeline.data ?? [];
  const undoable = undoableEntry(entries, now, order);
  const secondsLeft = undoable
    ? Math.max(0, LIMITS.undoWindowSeconds - Math.floor((now - Date.parse(undoable.at)) / 1000))
    : 0;

  const handleUndo = async () => {
    setUndoError(null);
    try {
      const { undone, failures } = await undo.mutateAsync([{ id: order.id }]);
      const failure = failures[0];
      if (failure) setUndoError(undoFailureText(orderLabel(order), failure.error));
      if (undone.length > 0) {
        toast.success(_('barista.undo.undoneOne', { order: orderLabel(order) }));
        onUndone?.(order.id);
      }
    } catch (error) {
      setUndoError(undoFailureText(orderLabel(order), error));
    }
  };

  if (timeline.isPending) return <LoadingBlock label={_('barista.timeline.loading')} />;
  if (timeline.isError)
    return (
      <ErrorState
        message={_('barista.timeline.loadFailed', { reason: errorText(timeline.error) ?? '' })}
        onRetry={() => void timeline.refetch()}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col">
        {entries.map((entry, i) => (
          <TimelineStep
            key={`${entry.at}-${i}`}
            entry={entry}
            time={cafeTimeWithSeconds(entry.at, cafeTimeZone)}
            date={cafeDayOfIso(entry.at, cafeTimeZone) === today ? null : formatCafeDate(entry.at, cafeTimeZone)}
            last={i === entries.length - 1}
          />
        ))}
      </ol>
      {undoError ? <AlertMessage>{undoError}</AlertMessage> : null}
      {undoable ? (
        <button
          type="button"
          className="btn-primary min-h-11 self-start"
          onClick={() => void handleUndo()}
          disabled={undo.isPending}
          aria-busy={undo.isPending || undefined}
        >
          {`${undoMoveText(undoMoveOf(undoable))} `}
          <span className="font-normal tabular-nums">
            {_('barista.timeline.secondsLeft', { seconds: secondsLeft })}
          </span>
        </button>
      ) : null}
    </div>
  );
}

function TimelineStep({
  entry,
  time,
  date,
  last,
}: {
  entry: TimelineEntry;
  time: string;
  date: string | null;
  last: boolean;
}) {
  const { _ } = useLingui();
  return (
    <li className="grid grid-cols-[5.5rem_1fr] gap-x-3">
      <time dateTime={entry.at} className="pt-0.5 text-sm font-semibold tabular-nums">
        {date ? <span className="block text-xs font-normal text-[var(--ink-muted)]">{date}</span> : null}
        {time}
      </time>
      <div className={cn('border-l-2 pb-3 pl-3', last ? 'border-[var(--accent)]' : 'border-[var(--border)]')}>
        <p className="font-semibold">{timelineStepText(entry)}</p>
        <p className="text-sm text-[var(--ink-muted)]">
          {entry.by ? _('barista.timeline.by', { name: actorName(entry.by) }) : _('barista.timeline.byCafe')}
        </p>
      </div>
    </li>
  );
}
