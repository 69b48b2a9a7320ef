import type { Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { MapPin, Star } from 'lucide-react';
import { StatusPill } from '@/components/ui';
import { useHomeSite, useHomeTimeZone } from '@/api/sites';
import { formatCafeDate, formatCafeTime } from '@/lib/cafe-time';
import { historyStatusLabel, isCafeOrder, ORDER_ENDINGS } from '@/features/order-ahead/lib/order-display';
import { drinkTypeText } from '@/lib/drink-text';
import { optionsText } from '@/lib/drink-options';
import { DrinkTypeIcon } from '@/components/drink/drink-type-icon';

interface HistoryRowProps {
  order: Order;
  /** This drink is the person's usual. */
  isUsual?: boolean;
  /** Offered on cafe drinks that are not the usual: "Make this my usual". */
  onMakeUsual?: (order: Order) => void;
  /** Making a drink the usual is on its way: the buttons wait. */
  busy?: boolean;
}

/** One finished order: time, drink, type and sweetness (cafe), how it ended, and whether it is the usual. */
export function HistoryRow({ order, isUsual = false, onMakeUsual, busy = false }: HistoryRowProps) {
  const { _ } = useLingui();
  const cafeTimeZone = useHomeTimeZone();
  const { several } = useHomeSite();
  const { label, note } = historyStatusLabel(order);
  const cafe = isCafeOrder(order);
  const tone = ORDER_ENDINGS[order.status]?.tone ?? 'neutral';

  return (
    <div className="card flex items-start gap-x-3 gap-y-2 p-3 sm:items-center sm:gap-x-4">
      <time dateTime={order.updatedAt} className="w-20 shrink-0 text-sm text-[var(--ink-muted)]">
        <span className="block font-semibold text-[var(--ink)]">{formatCafeTime(order.updatedAt, cafeTimeZone)}</span>
        <span className="block text-xs">{formatCafeDate(order.updatedAt, cafeTimeZone)}</span>
      </time>
      {/* Drink and outcome: stacked on a phone, side by side from the tablet on. */}
      <div className="flex min-w-0 flex-1 flex-col gap-x-4 gap-y-1.5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{order.menu.name}</p>
          {cafe ? (
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-[var(--ink-muted)]">
              {order.type ? (
                <span className="inline-flex items-center gap-1">
                  <DrinkTypeIcon type={order.type} />
                  {drinkTypeText(order.type)}
                </span>
              ) : null}
              {order.sweetness != null ? (
                <span>{_('order.sweetnessValue', { sweetness: order.sweetness })}</span>
              ) : null}
            </p>
          ) : null}
          {order.options?.length ? <p className="text-sm">{optionsText(order.options)}</p> : null}
          {several ? (
            <p className="inline-flex items-center gap-1 text-sm text-[var(--ink-muted)]">
              <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
              {_('order.card.site', { site: order.site.name })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:justify-end">
          <StatusPill tone={tone}>{label}</StatusPill>
          {note ? <span className="text-sm text-[var(--ink-muted)]">{note}</span> : null}
        </div>
      </div>
      {cafe && isUsual ? (
        <span className="inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-medium text-[var(--ink-muted)]">
          <Star aria-hidden="true" className="h-5 w-5 fill-current text-[var(--warning)]" />
          {_('order.again.usual')}
        </span>
      ) : cafe && onMakeUsual ? (
        <button
          type="button"
          className="btn-ghost -my-1 min-w-11 shrink-0 px-2"
          aria-label={_('order.history.makeUsual', { menuName: order.menu.name })}
          title={_('order.again.makeUsual')}
          disabled={busy}
          onClick={() => onMakeUsual(order)}
        >
          <Star aria-hidden="true" className="h-5 w-5" />
        </button>
      ) : null}
    </div>
  );
}
