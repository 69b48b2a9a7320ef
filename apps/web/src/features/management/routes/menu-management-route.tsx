import { LIMITS } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { ChevronRight, Coffee, Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useCafeStatus } from '@/api/cafe-status';
import { paths } from '@/lib/paths';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useCategories } from '@/features/management/api/categories';
import { useMenuLive } from '@/features/management/api/use-menu-live';
import { CafeTabsNote } from '@/features/management/components/cafe-tabs-warning';
import { CategoryForBadge } from '@/features/management/components/category-for-badge';
import { OptionGroupsManager } from '@/features/management/components/option-groups-manager';
import { cafeCategoriesNotShown } from '@/features/management/lib/cafe-tabs';

/** Menu Management (/menuManagement): the available categories of the cafe and the bar. */
export function MenuManagementRoute() {
  const { _ } = useLingui();
  useMenuLive();
  const categories = useCategories();
  const status = useCafeStatus();
  // Categories may be renamed or moved only while both venues are closed: their edit icons show only then.
  const bothClosed = !status.isCafeOpen && !status.isBarOpen;

  const addCategory = (
    <Link to={paths.barista.addCategory} className="btn-primary">
      <Plus aria-hidden="true" className="h-4 w-4" />
      {_('management.categories.add')}
    </Link>
  );

  let body;
  if (categories.isPending) body = <LoadingBlock label={_('management.categories.loading')} />;
  else if (categories.isError) {
    body = <ErrorState message={_('management.categories.error')} onRetry={() => void categories.refetch()} />;
  } else if (categories.data.length === 0) {
    body = (
      <EmptyState
        icon={<Coffee className="h-7 w-7" />}
        title={_('management.categories.emptyTitle')}
        description={_('management.categories.emptyDescription')}
      />
    );
  } else {
    const notShown = new Set(cafeCategoriesNotShown(categories.data).map((c) => c.id));
    body = (
      <>
        {notShown.size > 0 ? (
          <div className="mb-3">
            <CafeTabsNote>
              {_('management.cafeTabs.notShown', {
                max: LIMITS.cafeMenuTabs,
                names: categories.data
                  .filter((c) => notShown.has(c.id))
                  .map((c) => c.name)
                  .join(', '),
              })}
            </CafeTabsNote>
          </div>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={_('management.categories.label')}>
          {categories.data.map((category) => (
            <li key={category.id} className="card flex items-stretch">
              <Link
                to={paths.barista.categoryMenu(category.name, category.id)}
                className="flex min-h-16 min-w-0 flex-1 items-center justify-between gap-3 rounded-2xl p-4 hover:bg-[var(--surface-sunken)]"
              >
                <span className="min-w-0">
                  <span className="block truncate text-lg font-semibold">{category.name}</span>
                  <span className="mt-1 flex items-center gap-2 text-sm text-[var(--ink-muted)]">
                    <CategoryForBadge categoryFor={category.categoryFor} />
                    {_('management.items.count', { count: category.menu.length })}
                  </span>
                  {notShown.has(category.id) ? (
                    <span className="mt-1 block text-sm font-medium text-[var(--warning)]">
                      {_('management.category.notShown')}
                    </span>
                  ) : null}
                </span>
                <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--ink-muted)]" />
              </Link>
              {bothClosed ? (
                <Link
                  to={paths.barista.editCategory(category.id)}
                  aria-label={_('management.category.edit', { name: category.name })}
                  className="btn-ghost m-2 self-center px-3"
                >
                  <Pencil aria-hidden="true" className="h-5 w-5" />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section>
      <PageHeader
        title={_('management.title')}
        description={bothClosed ? undefined : _('management.description.closedOnly')}
        actions={addCategory}
      />
      {body}
      <OptionGroupsManager />
    </section>
  );
}
