import { zodResolver } from '@hookform/resolvers/zod';
import { type Category } from '@cafe/shared';
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { ConfirmDialog, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useDeleteCategory } from '@/features/management/api/delete-category';
import { useCategory } from '@/features/management/api/get-category';
import { useUpdateCategory } from '@/features/management/api/update-category';
import { CategoryFormFields } from '@/features/management/components/category-form-fields';
import { CategoryFormSchema, parseId, type CategoryFormValues } from '@/features/management/lib/forms';

/** Edit Category (/edit-category/:categoryId): name and venue; soft delete. */
export function EditCategoryRoute() {
  const categoryId = parseId(useParams().categoryId);
  const category = useCategory(categoryId);

  if (Number.isNaN(categoryId)) {
    return (
      <EditCategoryShell>
        <ErrorState message="This category does not exist." />
      </EditCategoryShell>
    );
  }
  if (category.isPending)
    return (
      <EditCategoryShell>
        <LoadingBlock label="Loading category..." />
      </EditCategoryShell>
    );
  if (category.isError) {
    const gone = isApiError(category.error, 'NOT_FOUND');
    return (
      <EditCategoryShell>
        <ErrorState
          message={gone ? 'This category no longer exists.' : 'Could not load this category.'}
          onRetry={gone ? undefined : () => void category.refetch()}
        />
      </EditCategoryShell>
    );
  }
  return <EditCategoryForm key={category.data.id} category={category.data} />;
}

function EditCategoryShell({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl">
      <PageHeader title="Edit Category" backTo={paths.barista.menuManagement} backLabel="Menu Management" />
      {children}
    </section>
  );
}

function EditCategoryForm({ category }: { category: Category }) {
  const navigate = useNavigate();
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const form = useForm<CategoryFormValues>({
    resolver: zodResolver(CategoryFormSchema),
    mode: 'onChange',
    defaultValues: { name: category.name, categoryFor: category.categoryFor },
  });
  const { handleSubmit, formState } = form;

  const handleValid = async (values: CategoryFormValues) => {
    try {
      const saved = await updateCategory.mutateAsync({
        id: category.id,
        body: { name: values.name, categoryFor: values.categoryFor, isAvailable: 'available' },
      });
      toast.success(`Saved ${saved.name}`);
      void navigate(paths.barista.menuManagement);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not save the category. Please try again.');
    }
  };

  const handleDelete = async () => {
    try {
      await deleteCategory.mutateAsync(category.id);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not delete the category. Please try again.');
      throw error;
    }
    toast.success(`Deleted ${category.name}`);
    void navigate(paths.barista.menuManagement, { replace: true });
  };

  return (
    <EditCategoryShell>
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        <CategoryFormFields form={form} />
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn-secondary text-[var(--danger)]" onClick={() => setConfirmOpen(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete category
          </button>
          <button type="submit" className="btn-primary" disabled={!formState.isValid || updateCategory.isPending}>
            {updateCategory.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={`Delete ${category.name}?`}
        text="The category and its menu items disappear from every menu. Past orders keep their record."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={handleDelete}
      />
    </EditCategoryShell>
  );
}
