import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MESSAGES, normaliseDescription, type Menu } from '@cafe/shared';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../app/paths';
import { ErrorState, LoadingBlock, PageHeader, Select } from '../../../components/ui';
import { isApiError } from '../../../lib/api-client';
import { useCategories } from '../api/get-categories';
import { useMenu } from '../api/get-menu';
import { useUpdateMenu } from '../api/update-menu';
import { TextField } from '../components/text-field';
import {
  EditMenuFormSchema,
  categoryOptions,
  descriptionForForm,
  parseId,
  type EditMenuFormValues,
} from '../lib/forms';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** Edit Menu (/edit-menu/:menuId): name, status, category, description. */
export function EditMenuRoute() {
  const menuId = parseId(useParams().menuId);
  const menu = useMenu(menuId);

  if (Number.isNaN(menuId)) {
    return <EditMenuShell><ErrorState message="This menu item does not exist." /></EditMenuShell>;
  }
  if (menu.isPending) return <EditMenuShell><LoadingBlock label="Loading menu item..." /></EditMenuShell>;
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
  const { control, register, handleSubmit, setValue, getValues, formState } = useForm<EditMenuFormValues>({
    resolver: zodResolver(EditMenuFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: menu.name,
      description: descriptionForForm(menu.description),
      categoryId: String(menu.category_id),
      isActive: menu.isActive,
    },
  });
  const name = useWatch({ control, name: 'name' });
  const description = useWatch({ control, name: 'description' });
  const categoryId = useWatch({ control, name: 'categoryId' });

  // Once the categories are known: clear a category that no longer exists, and validate the
  // loaded values so Save is enabled at once.
  useEffect(() => {
    if (!categories.data) return;
    const current = getValues('categoryId');
    const exists = categories.data.some((c) => String(c.id) === current);
    setValue('categoryId', exists ? current : '', { shouldValidate: true });
  }, [categories.data, getValues, setValue]);

  const homeCategory = categories.data?.find((c) => c.id === menu.category_id);
  const backTo = homeCategory
    ? paths.barista.categoryMenu(homeCategory.name, homeCategory.id)
    : paths.barista.menuManagement;
  const incomplete = name.length === 0 || categoryId.length === 0;

  const handleValid = async (values: EditMenuFormValues) => {
    const target = categories.data?.find((c) => String(c.id) === values.categoryId);
    try {
      const saved = await updateMenu.mutateAsync({
        id: menu.id,
        body: {
          name: values.name,
          description: normaliseDescription(values.description),
          category_id: Number(values.categoryId),
          isActive: values.isActive,
          isAvailable: 'available',
        },
      });
      toast.success(`Saved ${saved.name}`);
      void navigate(target ? paths.barista.categoryMenu(target.name, target.id) : paths.barista.menuManagement);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not save the menu item. Please try again.');
    }
  };

  return (
    <EditMenuShell backTo={backTo}>
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        <TextField
          label="Name"
          autoComplete="off"
          error={formState.errors.name?.message}
          counter={{ length: name.length, max: LIMITS.menuNameMax }}
          {...register('name')}
        />
        <Select label="Status" options={STATUS_OPTIONS} {...register('isActive')} />
        <Select
          label="Category"
          placeholder={categories.isPending ? 'Loading categories...' : 'Choose a category'}
          options={categoryOptions(categories.data ?? [])}
          {...register('categoryId')}
        />
        <TextField
          label="Description (optional)"
          autoComplete="off"
          error={formState.errors.description?.message}
          counter={{ length: description.length, max: LIMITS.descriptionMax }}
          {...register('description')}
        />
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
