import { textOrEmpty, type Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Ban, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ApiError } from '@/lib/api-client';
import { stops, type Placement } from '@/features/order-ahead/hooks/use-placement';
import { DietBadge } from '@/components/diet/diet-warning';

interface MenuItemGridProps {
  items: readonly Menu[];
  /** The door's verdicts (usePlacement): an item it refuses is greyed and says why; its diet marks. */
  placement: Pick<Placement, 'refusalOf' | 'marksOf'>;
  onPick: (item: Menu) => void;
  /**
   * A menu to read, not to order from (bar drinks while online bar ordering is off): plain tiles,
   * not buttons, so nothing looks tappable; items that are off still say so.
   */
  browseOnly?: boolean;
}

/**
 * A tile's few words for why its item cannot be chosen, from the door's reason: the item's own at
 * the site (sold out, not served), busy mode, else "Unavailable" (the venue's reason is said above).
 */
function useTileHint(): (refusal: ApiError) => string {
  const { _ } = useLingui();
  return (refusal) => {
    const values = refusal.text?.values ?? {};
    if (refusal.text?.id === 'people.refusal.soldOutUntil') return _('order.menu.soldOutUntil', { time: values.time });
    if (refusal.text?.id === 'people.refusal.soldOut') return _('order.menu.soldOut');
    if (refusal.text?.id === 'people.refusal.notServed') return _('order.menu.notServedAt', { site: values.site });
    if (refusal.code === 'ORDERS_PAUSED') return _('order.menu.paused');
    return _('order.menu.unavailable');
  };
}

/**
 * A tile's words: the item's name and description, what it contains of what the person avoids (or
 * that nobody has tagged it, as the door says), and `why` it cannot be chosen (null: it can).
 */
function TileText({ item, marks, why }: { item: Menu; marks: ReturnType<Placement['marksOf']>; why: string | null }) {
  const description = textOrEmpty(item.description);
  return (
    <>
      <span className={cn('font-semibold', why === null ? 'text-[var(--ink)]' : 'text-[var(--ink-muted)]')}>
        {item.name}
      </span>
      {description ? <span className="text-sm text-[var(--ink-muted)]">{description}</span> : null}
      <DietBadge {...marks} />
      {why === null ? null : (
        <span className="mt-auto inline-flex items-center gap-1 text-xs font-medium text-[var(--ink-muted)]">
          <Ban aria-hidden="true" className="h-3.5 w-3.5" />
          {why}
        </span>
      )}
    </>
  );
}

/** The items of one category: a tile each; items that cannot be chosen are greyed and disabled. */
export function MenuItemGrid({ items, placement, onPick, browseOnly = false }: MenuItemGridProps) {
  const hintOf = useTileHint();
  return (
    <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3">
      {items.map((item) => {
        const refusal = placement.refusalOf(item);
        const orderable = !stops(refusal);
        if (browseOnly) {
          // Nothing is ordered here: only what is off for the item itself is said.
          const off = refusal?.code === 'MENU_UNAVAILABLE';
          return (
            <li
              key={item.id}
              className={cn(
                'card flex h-full min-h-20 flex-col items-start gap-1 p-4',
                off && 'bg-[var(--surface-sunken)] text-[var(--ink-muted)] opacity-70',
              )}
            >
              <TileText item={item} marks={placement.marksOf(item)} why={off ? hintOf(refusal) : null} />
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
                <TileText item={item} marks={placement.marksOf(item)} why={orderable ? null : hintOf(refusal)} />
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
