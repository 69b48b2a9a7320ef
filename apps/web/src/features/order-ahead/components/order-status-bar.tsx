import { STATUS_STEP_LABELS, statusStep, type OrderStatus } from '@cafe/shared';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Waiting -> In progress -> Finished, with the current step marked. */
export function OrderStatusBar({ status }: { status: OrderStatus }) {
  const current = statusStep(status);
  return (
    <ol aria-label="Order progress" className="grid grid-cols-3 gap-1">
      {STATUS_STEP_LABELS.map((label, index) => {
        const reached = index <= current;
        return (
          <li
            key={label}
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
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
