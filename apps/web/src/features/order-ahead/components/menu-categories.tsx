import type { Category, Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import type { Placement } from '@/features/order-ahead/hooks/use-placement';
import { CategoryTabs } from './category-tabs';
import { MenuItemGrid } from './menu-item-grid';

interface MenuCategoriesProps {
  categoriesQuery: Pick<UseQueryResult<Category[]>, 'isPending' | 'isError' | 'refetch'>;
  /** The categories that get a tab. */
  tabs: readonly Category[];
  /** The category shown; none when the venue's menu is empty. */
  active: Category | undefined;
  onSelect: (categoryId: number) => void;
  /** Accessible name of the tab list. */
  tabsLabel: string;
  /** The venue's icon in the empty states. */
  icon: LucideIcon;
  /** Title shown when the venue has no categories at all. */
  emptyTitle: string;
  /** The door's verdicts on the venue's items (usePlacement): the menu shows once they are known. */
  placement: Placement;
  onPick: (item: Menu) => void;
  /** Items to read, not to choose (see MenuItemGrid). */
  browseOnly?: boolean;
}

/** A venue's menu: loading, failure and empty states, else category tabs with the items. */
export function MenuCategories({
  categoriesQuery,
  tabs,
  active,
  onSelect,
  tabsLabel,
  icon: Icon,
  emptyTitle,
  placement,
  onPick,
  browseOnly,
}: MenuCategoriesProps) {
  const { _ } = useLingui();
  if (categoriesQuery.isPending || placement.pending) return <LoadingBlock label={_('order.menu.loading')} />;
  if (categoriesQuery.isError) {
    return <ErrorState message={_('order.menu.loadFailed')} onRetry={() => void categoriesQuery.refetch()} />;
  }
  if (!active) {
    return (
      <EmptyState icon={<Icon className="h-7 w-7" />} title={emptyTitle} description={_('order.menu.checkBackLater')} />
    );
  }
  return (
    <CategoryTabs tabs={tabs} active={active} onChange={onSelect} label={tabsLabel}>
      {(category) =>
        category.menu.length === 0 ? (
          <EmptyState icon={<Icon className="h-7 w-7" />} title={_('order.menu.emptyCategory')} />
        ) : (
          <MenuItemGrid items={category.menu} placement={placement} onPick={onPick} browseOnly={browseOnly} />
        )
      }
    </CategoryTabs>
  );
}
