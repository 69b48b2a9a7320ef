import { LIMITS } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CupSoda } from 'lucide-react';
import { cn } from '@/lib/cn';
import { limitReached } from '@/features/order-ahead/lib/order-display';

/** "Ordered n/2": red once the daily limit is used up. */
export function OrderCountBadge({ count }: { count: number }) {
  const { _ } = useLingui();
  const full = limitReached(count);
  return (
    <p
      data-limit-reached={full}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        full ? 'bg-[var(--danger-soft)] text-[var(--danger)]' : 'bg-[var(--accent-soft)] text-[var(--accent-on-soft)]',
      )}
    >
      <CupSoda aria-hidden="true" className="h-4 w-4" />
      <span>{_('order.badge.ordered', { count, limit: LIMITS.dailyCafeOrders })}</span>
      {full ? <span className="sr-only">{_('order.badge.limitReached')}</span> : null}
    </p>
  );
}
