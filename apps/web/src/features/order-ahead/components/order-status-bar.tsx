import { statusStep, type OrderStatus } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { STATUS_STEP_IDS } from '@/features/order-ahead/lib/order-display';

/** Waiting -> In progress -> Finished, with the current step marked. */
export function OrderStatusBar({ status }: { status: OrderStatus }) {
  const { _ } = useLingui();
  const current = statusStep(status);
  return (
    <ol aria-label={_('order.status.progress')} className="grid grid-cols-3 gap-1">
      {STATUS_STEP_IDS.map((labelId, index) => {
        const reached = index <= current;
        return (
          <li
            key={labelId}
            aria-current={index === current ? 'step' : undefined}
            className="flex flex-col gap-1 text-xs font-medium"
          >
            <span
              aria-hidden="true"
              className={cn(
                'h-2 rounded-full',
                reached ? 'bg-[var(--accent)]' : 'border border-[var(--border)] bg-[var(--surface-sunken)]',
              )}
            />
            <span
              className={cn(
                'inline-flex items-center gap-1',
                index === current ? 'font-semibold text-[var(--ink)]' : 'text-[var(--ink-muted)]',
              )}
            >
              {index < current ? <Check aria-hidden="true" className="h-3 w-3" /> : null}
              {_(labelId)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
