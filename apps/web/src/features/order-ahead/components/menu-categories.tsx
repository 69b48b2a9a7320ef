import type { Category, CategoryFor, Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Coffee, Martini } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { msgId } from '@/i18n';
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
  venue: CategoryFor;
  /** The door's verdicts on the venue's items (usePlacement): the menu shows once they are known. */
  placement: Placement;
  onPick: (item: Menu) => void;
  /** Items to read, not to choose (see MenuItemGrid). */
  browseOnly?: boolean;
}

/** Each venue's icon in the empty states, the name of its tab list, and what its empty menu says. */
const VENUES = {
  cafe: { Icon: Coffee, tabsId: msgId('order.cafeMenu.tabs'), emptyId: msgId('order.cafeMenu.empty') },
  bar: { Icon: Martini, tabsId: msgId('order.barMenu.tabs'), emptyId: msgId('order.barMenu.empty') },
};

/** A venue's menu: loading, failure and empty states, else category tabs with the items. */
export function MenuCategories({
  categoriesQuery,
  tabs,
  active,
  onSelect,
  venue,
  placement,
  onPick,
  browseOnly,
}: MenuCategoriesProps) {
  const { _ } = useLingui();
  const { Icon, tabsId, emptyId } = VENUES[venue];
  if (categoriesQuery.isPending || placement.pending) return <LoadingBlock label={_('order.menu.loading')} />;
  if (categoriesQuery.isError) {
    return <ErrorState message={_('order.menu.loadFailed')} onRetry={() => void categoriesQuery.refetch()} />;
  }
  if (!active) {
    return (
      <EmptyState icon={<Icon className="h-7 w-7" />} title={_(emptyId)} description={_('order.menu.checkBackLater')} />
    );
  }
  return (
    <CategoryTabs tabs={tabs} active={active} onChange={onSelect} label={_(tabsId)}>
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
