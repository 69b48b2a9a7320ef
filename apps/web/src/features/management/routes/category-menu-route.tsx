import type { Category, IsActive } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { CheckSquare, CupSoda, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { OfflineReason } from '@/components/offline-banner';
import { StaffSiteSwitch } from '@/components/staff-site-switch';
import { useScreenSite } from '@/api/site-state';
import { useOffline } from '@/lib/connectivity';
import { paths } from '@/lib/paths';
import { ConfirmDialog, EmptyState, PageHeader } from '@/components/ui';
import { refusalOr } from '@/lib/error-text';
import { useCategory } from '@/features/management/api/categories';
import { useDeleteMenus, useToggleMenuActive } from '@/features/management/api/menus';
import { useSetSiteMenuItem, useSiteMenuItems } from '@/features/management/api/site-menu-items';
import { useMenuLive } from '@/features/management/api/use-menu-live';
import { CategoryForBadge } from '@/features/management/components/category-for-badge';
import { loadProblem } from '@/features/management/components/load-problem';
import { MenuItemRow } from '@/features/management/components/menu-item-row';
import { parseId } from '@/features/management/lib/forms';

/** The items of one category (/menuManagement/:categoryName/:categoryId). */
export function CategoryMenuRoute() {
  const { _ } = useLingui();
  useMenuLive();
  const params = useParams();
  const categoryId = parseId(params.categoryId);
  const category = useCategory(categoryId);
  const title = category.data?.name ?? params.categoryName ?? _('management.categoryMenu.fallbackTitle');

  const body =
    loadProblem(categoryId, category, {
      doesNotExist: _('management.category.doesNotExist'),
      loading: _('management.categoryMenu.loading'),
      gone: _('management.category.gone'),
      loadFailed: _('management.categoryMenu.loadFailed'),
    }) ?? (category.data ? <CategoryMenuList key={category.data.id} category={category.data} /> : null);

  return (
    <section>
      <PageHeader
        title={title}
        description={category.data ? <CategoryForBadge categoryFor={category.data.categoryFor} /> : undefined}
        backTo={paths.barista.menuManagement}
        backLabel={_('management.title')}
        actions={
          Number.isNaN(categoryId) ? undefined : (
            <Link to={paths.barista.addMenu(categoryId)} className="btn-primary">
              <Plus aria-hidden="true" className="h-4 w-4" />
              {_('management.categoryMenu.newMenu')}
            </Link>
          )
        }
      />
      <StaffSiteSwitch className="mb-4 max-w-xs" />
      {body}
    </section>
  );
}

function CategoryMenuList({ category }: { category: Category }) {
  const { _ } = useLingui();
  // Changes need the server: offline the buttons say why instead of failing.
  const offline = useOffline();
  const toggleActive = useToggleMenuActive(category.id);
  const deleteMenus = useDeleteMenus();
  // Whether the staff site serves each item and whether it is sold out there: with one site as with
  // several (a barista of one site runs out of oat milk too), each control naming the site.
  const here = useScreenSite();
  const { siteId } = here;
  const siteName = here.site?.name ?? '';
  const siteMenu = useSiteMenuItems(siteId);
  const setAtSite = useSetSiteMenuItem(siteId);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const items = category.menu;
  // Items deleted elsewhere drop out of the selection.
  const selectedIds = items.filter((m) => selected.has(m.id)).map((m) => m.id);

  const handleActiveChange = (id: number, name: string, active: boolean) => {
    const isActive: IsActive = active ? 'active' : 'inactive';
    toggleActive.mutate(
      { id, isActive },
      {
        onError: (error) =>
          toast.error(
            isActive === 'active'
              ? _('management.categoryMenu.switchActiveFailed', { name })
              : _('management.categoryMenu.switchInactiveFailed', { name }),
            { description: refusalOr(error, _('management.form.tryAgain')) },
          ),
      },
    );
  };

  const handleAtSiteChange = (menuId: number, name: string, change: { available: boolean } | { soldOut: boolean }) => {
    setAtSite.mutate(
      { menuId, ...change },
      {
        onError: (error) =>
          toast.error(_('management.site.changeFailed', { name, site: siteName }), {
            description: refusalOr(error, _('management.form.tryAgain')),
          }),
      },
    );
  };

  const handleSelectedChange = (id: number, value: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const handleExitSelect = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const handleDelete = async () => {
    const ids = confirm === 'all' ? items.map((m) => m.id) : selectedIds;
    const { deleted, failed } = await deleteMenus.mutateAsync(ids);
    if (failed.length > 0) {
      toast.error(_('management.categoryMenu.deleteFailed', { failed: failed.length, total: ids.length }), {
        description: _('management.form.tryAgain'),
      });
      setSelected(new Set(failed));
      throw new Error('delete failed');
    }
    toast.success(_('management.categoryMenu.deleted', { count: deleted }));
    handleExitSelect();
  };

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<CupSoda className="h-7 w-7" />}
        title={_('management.categoryMenu.empty')}
        action={
          <Link to={paths.barista.addMenu(category.id)} className="btn-secondary">
            <Plus aria-hidden="true" className="h-4 w-4" />
            {_('management.categoryMenu.newMenu')}
          </Link>
        }
      />
    );
  }

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {selecting ? (
          <>
            <p aria-live="polite" className="font-medium">
              {_('management.categoryMenu.selected', { count: selectedIds.length })}
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={handleExitSelect}>
                {_('management.form.back')}
              </button>
              <button
                type="button"
                className="btn-danger"
                disabled={selectedIds.length === 0 || offline}
                aria-describedby={offline ? 'menu-offline' : undefined}
                onClick={() => setConfirm('selected')}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {_('management.categoryMenu.deleteSelected')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-[var(--ink-muted)]">{_('management.items.count', { count: items.length })}</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => setSelecting(true)}>
                <CheckSquare aria-hidden="true" className="h-4 w-4" />
                {_('management.categoryMenu.select')}
              </button>
              <button
                type="button"
                className="btn-secondary text-[var(--danger)]"
                onClick={() => setConfirm('all')}
                disabled={offline}
                aria-describedby={offline ? 'menu-offline' : undefined}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {_('management.categoryMenu.deleteAll')}
              </button>
            </div>
          </>
        )}
      </div>
      <OfflineReason id="menu-offline" className="mb-3 text-sm font-medium text-[var(--warning)]" />
      <ul
        className="grid gap-2 md:grid-cols-2"
        aria-label={_('management.categoryMenu.listLabel', { name: category.name })}
      >
        {items.map((menu) => (
          <MenuItemRow
            key={menu.id}
            menu={menu}
            selecting={selecting}
            selected={selected.has(menu.id)}
            onSelectedChange={(value) => handleSelectedChange(menu.id, value)}
            onActiveChange={(active) => handleActiveChange(menu.id, menu.name, active)}
            atSite={siteMenu.data?.get(menu.id)}
            siteName={siteName}
            onAtSiteChange={(change) => handleAtSiteChange(menu.id, menu.name, change)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={
          confirm === 'all'
            ? _('management.categoryMenu.confirmAllTitle', { name: category.name })
            : _('management.categoryMenu.confirmSelectedTitle')
        }
        text={
          confirm === 'all'
            ? _('management.categoryMenu.confirmAllText', { count: items.length })
            : _('management.categoryMenu.confirmSelectedText', { count: selectedIds.length })
        }
        confirmLabel={_('management.form.delete')}
        tone="danger"
        onConfirm={handleDelete}
      />
    </>
  );
}
