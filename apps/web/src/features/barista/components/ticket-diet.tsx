import type { Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { avoidsText, conflictsText } from '@/lib/diet';
import { cn } from '@/lib/cn';

/**
 * What the order's owner avoids (docs/allergens.md), as recorded when it was placed: first, loud,
 * what of it this drink contains (they were asked and placed it anyway: take care, or ask them);
 * then, quieter, the rest of what they avoid (for the milk jug and the steam wand). Nothing for an
 * owner who avoids nothing.
 */
export function TicketDiet({
  order,
  className,
}: {
  order: Pick<Order, 'avoids' | 'dietWarnings'>;
  className?: string;
}) {
  const { _ } = useLingui();
  const warnings = order.dietWarnings ?? [];
  const others = (order.avoids ?? []).filter((t) => !warnings.includes(t));
  if (warnings.length === 0 && others.length === 0) return null;
  return (
    <div className={cn('space-y-0.5 text-sm leading-5', className)} data-testid="ticket-diet">
      {warnings.length > 0 ? (
        <p className="flex items-start gap-1 rounded-md border border-[var(--danger)] bg-[var(--danger-soft)] px-1.5 py-px font-bold text-[var(--danger)]">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          <span>{_('barista.ticket.dietWarning', { tags: conflictsText(warnings) })}</span>
        </p>
      ) : null}
      {others.length > 0 ? (
        <p className="font-medium text-[var(--ink-muted)]">
          {warnings.length > 0
            ? _('barista.ticket.alsoAvoids', { tags: avoidsText(others) })
            : _('barista.ticket.avoids', { tags: avoidsText(others) })}
        </p>
      ) : null}
    </div>
  );
}
