import { dietMarksOf, textOrEmpty, type Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Ban, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useItemAtSite } from '@/features/order-ahead/hooks/use-item-at-site';
import { useMyAvoids } from '@/api/avoids';
import { DietBadge } from '@/components/diet/diet-warning';

interface MenuItemGridProps {
  items: readonly Menu[];
  /**
   * Whether an item can be chosen now (active, and the venue takes orders); an item the person's
   * site does not serve or has sold out cannot be chosen either, and says why.
   */
  isOrderable: (item: Menu) => boolean;
  onPick: (item: Menu) => void;
  /** Why an item cannot be chosen (busy mode: "Orders paused"), shown when the site's own reason does not say. */
  hintOf?: (item: Menu) => string | null;
  /** Shown under an item that cannot be chosen ("Unavailable" by default). */
  unavailableHint?: string;
  /**
   * A menu to read, not to order from (bar drinks while online bar ordering is off): plain tiles,
   * not buttons, so nothing looks tappable; items that are off still say so.
   */
  browseOnly?: boolean;
}

/** The items of one category: a tile each; items that cannot be chosen are greyed and disabled. */
export function MenuItemGrid({
  items,
  isOrderable,
  hintOf,
  onPick,
  unavailableHint,
  browseOnly = false,
}: MenuItemGridProps) {
  const { _ } = useLingui();
  const atSite = useItemAtSite();
  // What the person avoids: each tile marks what it (with its default choices) contains of it, or
  // that nobody has tagged it (the shared dietMarksOf, as every channel asks).
  const avoids = useMyAvoids();
  const dietBadge = (item: Menu) => <DietBadge {...dietMarksOf(avoids, item, undefined)} />;
  const unavailableText = unavailableHint ?? _('order.menu.unavailable');
  return (
    <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3">
      {items.map((item) => {
        const notHere = atSite(item);
        const orderable = notHere === null && isOrderable(item);
        const unavailable = notHere ?? hintOf?.(item) ?? unavailableText;
        const description = textOrEmpty(item.description);
        if (browseOnly) {
          const off = item.isActive !== 'active' || notHere !== null;
          return (
            <li
              key={item.id}
              className={cn(
                'card flex h-full min-h-20 flex-col items-start gap-1 p-4',
                off && 'bg-[var(--surface-sunken)] text-[var(--ink-muted)] opacity-70',
              )}
            >
              <span className={cn('font-semibold', off ? 'text-[var(--ink-muted)]' : 'text-[var(--ink)]')}>
                {item.name}
              </span>
              {description ? <span className="text-sm text-[var(--ink-muted)]">{description}</span> : null}
              {dietBadge(item)}
              {off ? (
                <span className="mt-auto inline-flex items-center gap-1 text-xs font-medium text-[var(--ink-muted)]">
                  <Ban aria-hidden="true" className="h-3.5 w-3.5" />
                  {unavailable}
                </span>
              ) : null}
            </li>
          );
        }
        return (
          <li key={item.id}>
            <button
              type="button"
              disabled={!orderable}
              onClick={() => onPick(item)}
              className={cn(
                'card flex h-full min-h-20 w-full items-center gap-3 p-4 text-left transition-colors',
                orderable
                  ? 'hover:border-[var(--accent)] hover:bg-[var(--accent-soft)]'
                  : 'cursor-not-allowed bg-[var(--surface-sunken)] text-[var(--ink-muted)] opacity-70',
              )}
            >
              <span className="flex min-w-0 flex-1 flex-col items-start gap-1 self-stretch">
                <span className={cn('font-semibold', orderable ? 'text-[var(--ink)]' : 'text-[var(--ink-muted)]')}>
                  {item.name}
                </span>
                {description ? <span className="text-sm text-[var(--ink-muted)]">{description}</span> : null}
                {dietBadge(item)}
                {orderable ? null : (
                  <span className="mt-auto inline-flex items-center gap-1 text-xs font-medium text-[var(--ink-muted)]">
                    <Ban aria-hidden="true" className="h-3.5 w-3.5" />
                    {unavailable}
                  </span>
                )}
              </span>
              {orderable ? (
                <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--accent-on-soft)]" />
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
