import { useLingui } from '@lingui/react';
import type { QueuedOrder } from '@cafe/shared';
import { useMemo } from 'react';
import { productionTotals, totalLabel } from '@/features/barista/lib/production-totals';

/**
 * What the orders waiting and in progress need in total, live with the board: the drinks
 * ("Latte ×4") and the choices ("Oat ×5", "Extra shot ×12"), so a barista steams the milk and
 * pulls the shots for all of them at once. A compact strip; nothing when nothing is to make. On a
 * tablet or a desktop it is the board's last line, always in view (decision 0098).
 */
export function ProductionTotals({ orders }: { orders: readonly QueuedOrder[] }) {
  const { _ } = useLingui();
  const totals = useMemo(() => productionTotals(orders), [orders]);
  if (totals.drinks.length === 0) return null;
  const chip = 'min-w-0 rounded-full px-2 py-0.5 text-sm font-semibold break-words tabular-nums';
  return (
    <section
      aria-labelledby="production-totals-heading"
      className="flex min-w-0 flex-wrap items-center gap-1.5 rounded-2xl bg-[var(--surface-sunken)] px-2 py-1 lg:min-h-12"
    >
      <h2 id="production-totals-heading" className="shrink-0 text-sm font-bold text-[var(--ink)]">
        {_('barista.totals.title')}
      </h2>
      <ul aria-label={_('barista.totals.drinks')} className="flex flex-wrap gap-1">
        {totals.drinks.map((drink) => (
          <li key={drink.key} className={`${chip} bg-[var(--surface-raised)] text-[var(--ink)]`}>
            {totalLabel(drink)}
          </li>
        ))}
      </ul>
      {totals.choices.length > 0 ? (
        <ul aria-label={_('barista.totals.choices')} className="flex flex-wrap gap-1">
          {totals.choices.map((choice) => (
            <li
              key={choice.key}
              title={choice.group}
              className={`${chip} border border-[var(--border-strong)] text-[var(--ink)]`}
            >
              <span className="sr-only">{choice.group}: </span>
              {totalLabel({ name: choice.choice, count: choice.count })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
