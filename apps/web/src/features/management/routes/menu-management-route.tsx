import { ChevronRight, Coffee, Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useCafeStatus } from '@/api/cafe-status';
import { paths } from '@/lib/paths';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useCategories } from '@/features/management/api/get-categories';
import { useMenuLive } from '@/features/management/api/use-menu-live';
import { CategoryForBadge } from '@/features/management/components/category-for-badge';

/** Menu Management (/menuManagement): the available categories of the cafe and the bar. */
export function MenuManagementRoute() {
  useMenuLive();
  const categories = useCategories();
  const status = useCafeStatus();
  // Categories may be renamed or moved only while both venues are closed (SPEC section 6).
  const bothClosed = !status.isCafeOpen && !status.isBarOpen;

  const addCategory = (
    <Link to={paths.barista.addCategory} className="btn-primary">
      <Plus aria-hidden="true" className="h-4 w-4" />
      Add category
    </Link>
  );

  let body;
  if (categories.isPending) body = <LoadingBlock label="Loading categories..." />;
  else if (categories.isError) {
    body = <ErrorState message="Could not load the categories." onRetry={() => void categories.refetch()} />;
  } else if (categories.data.length === 0) {
    body = (
      <EmptyState
        icon={<Coffee className="h-7 w-7" />}
        title="No categories yet"
        description="Add a category, then its menu items."
      />
    );
  } else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Categories">
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
                  {category.menu.length} {category.menu.length === 1 ? 'item' : 'items'}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--ink-muted)]" />
            </Link>
            {bothClosed ? (
              <Link
                to={paths.barista.editCategory(category.id)}
                aria-label={`Edit category ${category.name}`}
                className="btn-ghost m-2 self-center px-3"
              >
                <Pencil aria-hidden="true" className="h-5 w-5" />
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section>
      <PageHeader
        title="Menu Management"
        description={bothClosed ? undefined : 'Categories can be edited while both the cafe and the bar are closed.'}
        actions={addCategory}
      />
      {body}
    </section>
  );
}
