import { type Category } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { ConfirmDialog, PageHeader } from '@/components/ui';
import { refusalOr } from '@/lib/error-text';
import { useCategory, useDeleteCategory, useUpdateCategory } from '@/features/management/api/categories';
import { CafeTabsWarning } from '@/features/management/components/cafe-tabs-warning';
import { CategoryFormFields, useCategoryForm } from '@/features/management/components/category-form-fields';
import { loadProblem } from '@/features/management/components/load-problem';
import { SaveButton } from '@/features/management/components/save-button';
import { parseId, type CategoryFormValues } from '@/features/management/lib/forms';

/** Edit Category (/edit-category/:categoryId): name, venue and kind; soft delete. */
export function EditCategoryRoute() {
  const { _ } = useLingui();
  const categoryId = parseId(useParams().categoryId);
  const category = useCategory(categoryId);

  const problem = loadProblem(categoryId, category, {
    doesNotExist: _('management.category.doesNotExist'),
    loading: _('management.editCategory.loading'),
    gone: _('management.category.gone'),
    loadFailed: _('management.editCategory.loadFailed'),
  });
  if (problem || !category.data) return <EditCategoryShell>{problem}</EditCategoryShell>;
  return <EditCategoryForm key={category.data.id} category={category.data} />;
}

function EditCategoryShell({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  return (
    <section className="mx-auto max-w-xl">
      <PageHeader
        title={_('management.editCategory.title')}
        backTo={paths.barista.menuManagement}
        backLabel={_('management.title')}
      />
      {children}
    </section>
  );
}

function EditCategoryForm({ category }: { category: Category }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const form = useCategoryForm({ name: category.name, categoryFor: category.categoryFor, kind: category.kind });
  const { handleSubmit, formState } = form;

  const handleValid = async (values: CategoryFormValues) => {
    try {
      const saved = await updateCategory.mutateAsync({
        id: category.id,
        body: { name: values.name, categoryFor: values.categoryFor, kind: values.kind, isAvailable: 'available' },
      });
      toast.success(_('management.toast.saved', { name: saved.name }));
      void navigate(paths.barista.menuManagement);
    } catch (error) {
      toast.error(refusalOr(error, _('management.editCategory.saveFailed')));
    }
  };

  const handleDelete = async () => {
    try {
      await deleteCategory.mutateAsync(category.id);
    } catch (error) {
      toast.error(refusalOr(error, _('management.editCategory.deleteFailed')));
      throw error;
    }
    toast.success(_('management.toast.deleted', { name: category.name }));
    void navigate(paths.barista.menuManagement, { replace: true });
  };

  return (
    <EditCategoryShell>
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        <CategoryFormFields form={form} />
        <CafeTabsWarning form={form} categoryId={category.id} />
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn-secondary text-[var(--danger)]" onClick={() => setConfirmOpen(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {_('management.editCategory.delete')}
          </button>
          <SaveButton pending={updateCategory.isPending} invalid={!formState.isValid} />
        </div>
      </form>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={_('management.editCategory.confirmTitle', { name: category.name })}
        text={_('management.editCategory.confirmText')}
        confirmLabel={_('management.form.delete')}
        tone="danger"
        onConfirm={handleDelete}
      />
    </EditCategoryShell>
  );
}
