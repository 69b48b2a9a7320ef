import { type Menu } from '@cafe/shared';
import { Info, Martini } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { customerPaths } from '../../../app/paths';
import { PageHeader } from '../../../components/ui';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useSession } from '../../../stores/session';
import { useCategories } from '../api/get-categories';
import { BarNoticeDialog } from '../components/bar-notice-dialog';
import { CocktailNotice } from '../components/cocktail-notice';
import { MenuCategories } from '../components/menu-categories';
import { useMenuLiveUpdates } from '../hooks/use-live-updates';

function noticeDismissed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.bannerShown) === 'true';
  } catch {
    return false;
  }
}

/**
 * Bar menu (/menubar, /menubar-admin, /order_bar): category tabs and items, the house-rules
 * notice, and the cocktail page when an item is chosen (bar drinks are ordered at the bar).
 */
export function MenuBarRoute() {
  const user = useSession((s) => s.user);
  const isCustomer = user.login && user.role !== 'barista';
  const customer = customerPaths(user.role);

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

  const handlePick = (item: Menu) => {
    if (item.isActive !== 'active') return;
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
            <>
              <button type="button" className="btn-secondary" onClick={() => setChosen(null)}>
                Back to the bar menu
              </button>
              {isCustomer ? (
                <Link to={customer.formBar(chosen.name, chosen.id, chosen.description)} className="btn-ghost text-sm">
                  Try ordering {chosen.name} online
                </Link>
              ) : null}
            </>
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
          isOrderable={(item) => item.isActive === 'active'}
          onPick={handlePick}
        />
      )}

      <BarNoticeDialog open={noticeOpen} onOpenChange={handleNoticeChange} />
    </section>
  );
}
