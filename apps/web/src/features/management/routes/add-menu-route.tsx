import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MESSAGES, normaliseDescription } from '@cafe/shared';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../app/paths';
import { PageHeader, Select } from '../../../components/ui';
import { isApiError } from '../../../lib/api-client';
import { useCategories } from '../api/get-categories';
import { useCreateMenu } from '../api/create-menu';
import { TextField } from '../components/text-field';
import { MenuFormSchema, categoryOptions, parseId, type MenuFormValues } from '../lib/forms';

/** Add Menu (/add-menu/:categoryId): name, description and category, preselected from the route. */
export function AddMenuRoute() {
  const params = useParams();
  const routeCategoryId = parseId(params.categoryId);
  const navigate = useNavigate();
  const hintId = useId();
  const categories = useCategories();
  const createMenu = useCreateMenu();

  const form = useForm<MenuFormValues>({
    resolver: zodResolver(MenuFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', description: '', categoryId: Number.isNaN(routeCategoryId) ? '' : String(routeCategoryId) },
  });
  const { control, register, handleSubmit, setValue, getValues, formState } = form;
  const name = useWatch({ control, name: 'name' });
  const description = useWatch({ control, name: 'description' });
  const categoryId = useWatch({ control, name: 'categoryId' });

  // Once the options exist: show the route's category as chosen (the select had no options when
  // the form registered it), or clear it when that category no longer exists.
  useEffect(() => {
    if (!categories.data) return;
    const current = getValues('categoryId');
    const exists = categories.data.some((c) => String(c.id) === current);
    setValue('categoryId', exists ? current : '', { shouldValidate: true });
  }, [categories.data, getValues, setValue]);

  const routeCategory = categories.data?.find((c) => c.id === routeCategoryId);
  const backTo = routeCategory
    ? paths.barista.categoryMenu(routeCategory.name, routeCategory.id)
    : paths.barista.menuManagement;
  const incomplete = name.length === 0 || categoryId.length === 0;

  const handleValid = async (values: MenuFormValues) => {
    const target = categories.data?.find((c) => String(c.id) === values.categoryId);
    try {
      const menu = await createMenu.mutateAsync({
        name: values.name,
        description: normaliseDescription(values.description),
        category_id: Number(values.categoryId),
      });
      toast.success(`Added ${menu.name}`);
      void navigate(target ? paths.barista.categoryMenu(target.name, target.id) : paths.barista.menuManagement);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not add the menu item. Please try again.');
    }
  };

  return (
    <section className="mx-auto max-w-xl">
      <PageHeader title="Add Menu" backTo={backTo} backLabel={routeCategory ? routeCategory.name : 'Menu Management'} />
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        <TextField
          label="Name"
          autoComplete="off"
          error={formState.errors.name?.message}
          counter={{ length: name.length, max: LIMITS.menuNameMax }}
          {...register('name')}
        />
        <TextField
          label="Description (optional)"
          autoComplete="off"
          error={formState.errors.description?.message}
          counter={{ length: description.length, max: LIMITS.descriptionMax }}
          {...register('description')}
        />
        <Select
          label="Category"
          placeholder={categories.isPending ? 'Loading categories...' : 'Choose a category'}
          options={categoryOptions(categories.data ?? [])}
          {...register('categoryId')}
        />
        {incomplete ? (
          <p id={hintId} className="text-sm text-[var(--ink-muted)]">
            {MESSAGES.addMenuIncomplete}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button
            type="submit"
            className="btn-primary"
            disabled={!formState.isValid || createMenu.isPending}
            aria-describedby={incomplete ? hintId : undefined}
          >
            {createMenu.isPending ? 'Adding...' : 'Add'}
          </button>
        </div>
      </form>
    </section>
  );
}
