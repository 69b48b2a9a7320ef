import type { Category, IsActive } from '@cafe/shared';
import { CheckSquare, CupSoda, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { ConfirmDialog, EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useCategory } from '@/features/management/api/get-category';
import { useDeleteMenus, useToggleMenuActive } from '@/features/management/api/update-menu';
import { useMenuLive } from '@/features/management/api/use-menu-live';
import { CategoryForBadge } from '@/features/management/components/category-for-badge';
import { MenuItemRow } from '@/features/management/components/menu-item-row';
import { parseId } from '@/features/management/lib/forms';

/** The items of one category (/menuManagement/:categoryName/:categoryId). */
export function CategoryMenuRoute() {
  useMenuLive();
  const params = useParams();
  const categoryId = parseId(params.categoryId);
  const category = useCategory(categoryId);
  const title = category.data?.name ?? params.categoryName ?? 'Category';

  let body;
  if (Number.isNaN(categoryId)) body = <ErrorState message="This category does not exist." />;
  else if (category.isPending) body = <LoadingBlock label="Loading menu items..." />;
  else if (category.isError) {
    const gone = isApiError(category.error, 'NOT_FOUND');
    body = (
      <ErrorState
        message={gone ? 'This category no longer exists.' : 'Could not load the menu items.'}
        onRetry={gone ? undefined : () => void category.refetch()}
      />
    );
  } else body = <CategoryMenuList key={category.data.id} category={category.data} />;

  return (
    <section>
      <PageHeader
        title={title}
        description={category.data ? <CategoryForBadge categoryFor={category.data.categoryFor} /> : undefined}
        backTo={paths.barista.menuManagement}
        backLabel="Menu Management"
        actions={
          Number.isNaN(categoryId) ? undefined : (
            <Link to={paths.barista.addMenu(categoryId)} className="btn-primary">
              <Plus aria-hidden="true" className="h-4 w-4" />
              New Menu
            </Link>
          )
        }
      />
      {body}
    </section>
  );
}

function CategoryMenuList({ category }: { category: Category }) {
  const toggleActive = useToggleMenuActive(category.id);
  const deleteMenus = useDeleteMenus();
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
          toast.error(`Could not switch ${name} ${isActive}`, {
            description: isApiError(error) ? error.message : 'Please try again.',
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
      toast.error(`Could not delete ${failed.length} of ${ids.length} items`, { description: 'Please try again.' });
      setSelected(new Set(failed));
      throw new Error('delete failed');
    }
    toast.success(deleted === 1 ? 'Deleted 1 item' : `Deleted ${deleted} items`);
    handleExitSelect();
  };

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<CupSoda className="h-7 w-7" />}
        title="This category is empty"
        action={
          <Link to={paths.barista.addMenu(category.id)} className="btn-secondary">
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Menu
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
              {selectedIds.length} selected
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={handleExitSelect}>
                Back
              </button>
              <button
                type="button"
                className="btn-danger"
                disabled={selectedIds.length === 0}
                onClick={() => setConfirm('selected')}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete Selected
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-[var(--ink-muted)]">
              {items.length} {items.length === 1 ? 'item' : 'items'}
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => setSelecting(true)}>
                <CheckSquare aria-hidden="true" className="h-4 w-4" />
                Select
              </button>
              <button type="button" className="btn-secondary text-[var(--danger)]" onClick={() => setConfirm('all')}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete all
              </button>
            </div>
          </>
        )}
      </div>
      <ul className="grid gap-2 md:grid-cols-2" aria-label={`Menu items of ${category.name}`}>
        {items.map((menu) => (
          <MenuItemRow
            key={menu.id}
            menu={menu}
            selecting={selecting}
            selected={selected.has(menu.id)}
            onSelectedChange={(value) => handleSelectedChange(menu.id, value)}
            onActiveChange={(active) => handleActiveChange(menu.id, menu.name, active)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm === 'all' ? `Delete all items of ${category.name}?` : 'Delete the selected items?'}
        text={
          confirm === 'all'
            ? `All ${items.length} items disappear from the menu. Past orders keep their record.`
            : `${selectedIds.length} ${selectedIds.length === 1 ? 'item disappears' : 'items disappear'} from the menu. Past orders keep their record.`
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={handleDelete}
      />
    </>
  );
}
