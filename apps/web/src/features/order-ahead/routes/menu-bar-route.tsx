import { type Menu } from '@cafe/shared';
import { Info, Martini } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '@/api/me';
import { customerPaths } from '@/lib/paths';
import { PageHeader } from '@/components/ui';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { BarNoticeDialog } from '@/features/order-ahead/components/bar-notice-dialog';
import { CocktailNotice } from '@/features/order-ahead/components/cocktail-notice';
import { MenuCategories } from '@/features/order-ahead/components/menu-categories';
import { useMenuLiveUpdates } from '@/features/order-ahead/hooks/use-live-updates';
import { useOrderBlock } from '@/features/order-ahead/hooks/use-order-block';

function noticeDismissed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.bannerShown) === 'true';
  } catch {
    return false;
  }
}

/**
 * Bar menu (/menubar, /menubar-admin, /order_bar): category tabs and items, the house-rules
 * notice. Choosing an item opens the bar form when the bar takes online orders now, and the
 * cocktail page otherwise (bar drinks are ordered at the bar). Only inactive items are greyed.
 */
export function MenuBarRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const isCustomer = me !== null && me.role !== 'barista';
  const customer = customerPaths(me?.role);
  const { blockOf } = useOrderBlock('bar');

  const categoriesQuery = useCategories('bar');
  useMenuLiveUpdates('bar');

  const [noticeOpen, setNoticeOpen] = useState(() => !noticeDismissed());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Menu | null>(null);

  const categories = categoriesQuery.data ?? [];
  const active = categories.find((c) => c.id === selectedId) ?? categories[0];

  const handleNoticeChange = (open: boolean) => {
    setNoticeOpen(open);
    if (!open) localStorage.setItem(STORAGE_KEYS.bannerShown, 'true');
  };

  const isOrderable = (item: Menu) => blockOf(item)?.code !== 'MENU_UNAVAILABLE';

  const handlePick = (item: Menu) => {
    if (!isOrderable(item)) return;
    if (isCustomer && blockOf(item) === null) {
      void navigate(customer.formBar(item.name, item.id, item.description));
      return;
    }
    setChosen(item);
  };

  return (
    <section aria-labelledby="bar-menu-title">
      <PageHeader
        title={<span id="bar-menu-title">Bar Menu</span>}
        description="Friday evening drinks."
        actions={
          <button type="button" className="btn-secondary" onClick={() => setNoticeOpen(true)}>
            <Info aria-hidden="true" className="h-4 w-4" />
            Please read
          </button>
        }
      />

      {chosen ? (
        <CocktailNotice
          actions={
            <button type="button" className="btn-secondary" onClick={() => setChosen(null)}>
              Back to the bar menu
            </button>
          }
        />
      ) : (
        <MenuCategories
          categoriesQuery={categoriesQuery}
          tabs={categories}
          active={active}
          onSelect={setSelectedId}
          tabsLabel="Bar categories"
          icon={Martini}
          emptyTitle="The bar menu is empty"
          isOrderable={isOrderable}
          onPick={handlePick}
        />
      )}

      <BarNoticeDialog open={noticeOpen} onOpenChange={handleNoticeChange} />
    </section>
  );
}
