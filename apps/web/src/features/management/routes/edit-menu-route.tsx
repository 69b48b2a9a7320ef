import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, dashIfEmpty, textOrEmpty, type Menu } from '@cafe/shared';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { ErrorState, LoadingBlock, PageHeader, Select } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useCategories } from '@/features/management/api/get-categories';
import { useMenu } from '@/features/management/api/get-menu';
import { useUpdateMenu } from '@/features/management/api/update-menu';
import { useMenuFormFields } from '@/features/management/hooks/use-menu-form-fields';
import {
  EditMenuFormSchema,
  categoryMenuPath,
  parseId,
  type EditMenuFormValues,
} from '@/features/management/lib/forms';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** Edit Menu (/edit-menu/:menuId): name, status, category, description. */
export function EditMenuRoute() {
  const menuId = parseId(useParams().menuId);
  const menu = useMenu(menuId);

  if (Number.isNaN(menuId)) {
    return (
      <EditMenuShell>
        <ErrorState message="This menu item does not exist." />
      </EditMenuShell>
    );
  }
  if (menu.isPending)
    return (
      <EditMenuShell>
        <LoadingBlock label="Loading menu item..." />
      </EditMenuShell>
    );
  if (menu.isError) {
    const gone = isApiError(menu.error, 'NOT_FOUND');
    return (
      <EditMenuShell>
        <ErrorState
          message={gone ? 'This menu item no longer exists.' : 'Could not load this menu item.'}
          onRetry={gone ? undefined : () => void menu.refetch()}
        />
      </EditMenuShell>
    );
  }
  return <EditMenuForm key={menu.data.id} menu={menu.data} />;
}

function EditMenuShell({ children, backTo = paths.barista.menuManagement }: { children: ReactNode; backTo?: string }) {
  return (
    <section className="mx-auto max-w-xl">
      <PageHeader title="Edit Menu" backTo={backTo} backLabel="Back" />
      {children}
    </section>
  );
}

function EditMenuForm({ menu }: { menu: Menu }) {
  const navigate = useNavigate();
  const hintId = useId();
  const categories = useCategories();
  const updateMenu = useUpdateMenu();
  const form = useForm<EditMenuFormValues>({
    resolver: zodResolver(EditMenuFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: menu.name,
      description: textOrEmpty(menu.description),
      categoryId: String(menu.category_id),
      isActive: menu.isActive,
    },
  });
  const { register, handleSubmit, formState } = form;
  const { incomplete, nameField, descriptionField, categoryField } = useMenuFormFields(form, categories);
  const backTo = categoryMenuPath(categories.data?.find((c) => c.id === menu.category_id));

  const handleValid = async (values: EditMenuFormValues) => {
    const target = categories.data?.find((c) => String(c.id) === values.categoryId);
    try {
      const saved = await updateMenu.mutateAsync({
        id: menu.id,
        body: {
          name: values.name,
          description: dashIfEmpty(values.description),
          category_id: Number(values.categoryId),
          isActive: values.isActive,
          isAvailable: 'available',
        },
      });
      toast.success(`Saved ${saved.name}`);
      void navigate(categoryMenuPath(target));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not save the menu item. Please try again.');
    }
  };

  return (
    <EditMenuShell backTo={backTo}>
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        {nameField}
        <Select label="Status" options={STATUS_OPTIONS} {...register('isActive')} />
        {categoryField}
        {descriptionField}
        {incomplete ? (
          <p id={hintId} lang="th" className="text-sm text-[var(--danger)]">
            {MESSAGES.answerBothThai}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button
            type="submit"
            className="btn-primary"
            disabled={!formState.isValid || updateMenu.isPending}
            aria-describedby={incomplete ? hintId : undefined}
          >
            {updateMenu.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </EditMenuShell>
  );
}
