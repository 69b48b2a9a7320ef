import type { Order, StandingOrder } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CalendarClock } from 'lucide-react';
import { AlertMessage, EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useSites } from '@/api/sites';
import { formatDay } from '@/lib/cafe-time';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { hasPeopleMessage, sayPeople } from '@/lib/people-text';
import {
  useDeleteStandingOrder,
  useStandingOrders,
  useUpdateStandingOrder,
  useUsual,
} from '@/features/order-ahead/api/standing-orders';
import { useDrinkWords } from '@/features/order-ahead/hooks/use-drink-words';
import { WEEK } from '@/features/order-ahead/lib/standing-drinks';
import { StandingOrderForm } from './standing-order-form';
import { OUTCOME_IDS, WEEKDAY_IDS } from './standing-order-text';

/**
 * My orders' standing orders (docs/standing-orders.md): "my usual (or this drink), at this site, on
 * these weekdays, at this time", each with pause / resume, skip next and delete, and the form to set one.
 */
export function StandingOrdersSection({ orders, className }: { orders: readonly Order[]; className?: string }) {
  const { _ } = useLingui();
  const standing = useStandingOrders();
  const usual = useUsual();
  const sites = useSites().data ?? [];
  const update = useUpdateStandingOrder();
  const remove = useDeleteStandingOrder();
  const { describe } = useDrinkWords(orders);
  const usualDrink = usual.data?.drink ?? null;
  const usualLabel = usualDrink ? describe(usualDrink) : null;
  const daysText = (days: readonly number[]) =>
    WEEK.filter((d) => days.includes(d))
      .map((d) => _(WEEKDAY_IDS[d]))
      .join(', ');
  const failure = update.error ?? remove.error;

  const row = (item: StandingOrder) => {
    const site = sites.find((s) => s.id === item.siteId);
    return (
      <li key={item.id} className="card space-y-2 p-3">
        <p className="font-semibold break-words">
          {item.drink ? describe(item.drink) : _('order.standing.usualOption', { drink: usualLabel ?? '—' })}
        </p>
        <p className="text-sm text-[var(--ink-muted)]">
          {_('order.standing.when', { days: daysText(item.weekdays), time: item.time })}
          {site && sites.length > 1 ? ` · ${site.name}` : ''}
        </p>
        <p className="text-sm">
          {item.paused
            ? _('order.standing.paused')
            : item.nextDay
              ? _('order.standing.next', { day: formatDay(item.nextDay, 'weekday') })
              : ''}
          {item.skipDate ? ` · ${_('order.standing.skipping', { day: formatDay(item.skipDate, 'weekday') })}` : ''}
        </p>
        {item.lastRun ? (
          <p className="text-sm text-[var(--ink-muted)]">
            {_(OUTCOME_IDS[item.lastRun.outcome], { day: formatDay(item.lastRun.day, 'weekday') })}
            {item.lastRun.outcome === 'failed' && item.lastRun.reason
              ? `: ${item.lastRun.reasonText && hasPeopleMessage(item.lastRun.reasonText.id) ? sayPeople(item.lastRun.reasonText) : item.lastRun.reason}`
              : ''}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: item.id, paused: !item.paused })}
          >
            {item.paused ? _('order.standing.resume') : _('order.standing.pause')}
          </button>
          {item.paused ? null : (
            <button
              type="button"
              className="btn-secondary"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: item.id, skipNext: !item.skipDate })}
            >
              {item.skipDate ? _('order.standing.undoSkip') : _('order.standing.skipNext')}
            </button>
          )}
          <button
            type="button"
            className="btn-ghost"
            disabled={remove.isPending}
            onClick={() => remove.mutate(item.id)}
          >
            {_('order.standing.delete')}
          </button>
        </div>
      </li>
    );
  };

  return (
    <section aria-labelledby="standing-title" className={cn('mb-6 space-y-3', className)}>
      <h2 id="standing-title" className="text-lg font-semibold">
        {_('order.standing.title')}
      </h2>
      <p className="text-sm text-[var(--ink-muted)]">{_('order.standing.description')}</p>
      {standing.isPending ? (
        <LoadingBlock label={_('order.standing.loading')} />
      ) : standing.isError ? (
        <ErrorState message={_('order.standing.loadFailed')} onRetry={() => void standing.refetch()} />
      ) : standing.data.length === 0 ? (
        <EmptyState icon={<CalendarClock className="h-7 w-7" />} title={_('order.standing.empty')} />
      ) : (
        <ul className="space-y-2">{standing.data.map(row)}</ul>
      )}
      {failure ? <AlertMessage tone="danger">{errorText(failure)}</AlertMessage> : null}
      {usual.isPending ? null : <StandingOrderForm orders={orders} />}
    </section>
  );
}
