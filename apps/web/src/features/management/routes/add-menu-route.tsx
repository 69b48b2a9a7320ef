import { zodResolver } from '@hookform/resolvers/zod';
import { dashIfEmpty, type DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/ui';
import { refusalOr } from '@/lib/error-text';
import { useCategories } from '@/features/management/api/categories';
import { useCreateMenu } from '@/features/management/api/menus';
import { useMenuFormFields } from '@/features/management/hooks/use-menu-form-fields';
import { ItemTagsField } from '@/features/management/components/item-tags-field';
import { SaveButton } from '@/features/management/components/save-button';
import { MenuFormSchema, categoryMenuPath, parseId, type MenuFormValues } from '@/features/management/lib/forms';

/** Add Menu (/add-menu/:categoryId): name, description and category, preselected from the route. */
export function AddMenuRoute() {
  const { _ } = useLingui();
  const params = useParams();
  const routeCategoryId = parseId(params.categoryId);
  const navigate = useNavigate();
  const hintId = useId();
  const categories = useCategories();
  const createMenu = useCreateMenu();

  const form = useForm<MenuFormValues>({
    resolver: zodResolver(MenuFormSchema),
    mode: 'onChange',
    defaultValues: {
      name: '',
      description: '',
      categoryId: Number.isNaN(routeCategoryId) ? '' : String(routeCategoryId),
    },
  });
  const { handleSubmit, formState } = form;
  const [tags, setTags] = useState<DietTag[]>([]);
  const { incomplete, nameField, descriptionField, categoryField } = useMenuFormFields(form, categories);

  const routeCategory = categories.data?.find((c) => c.id === routeCategoryId);

  const handleValid = async (values: MenuFormValues) => {
    const target = categories.data?.find((c) => String(c.id) === values.categoryId);
    try {
      const menu = await createMenu.mutateAsync({
        name: values.name,
        description: dashIfEmpty(values.description),
        category_id: Number(values.categoryId),
        ...(tags.length > 0 ? { tags } : {}),
      });
      toast.success(_('management.toast.added', { name: menu.name }));
      void navigate(categoryMenuPath(target));
    } catch (error) {
      toast.error(refusalOr(error, _('management.addMenu.failed')));
    }
  };

  return (
    <section className="mx-auto max-w-xl">
      <PageHeader
        title={_('management.addMenu.title')}
        backTo={categoryMenuPath(routeCategory)}
        backLabel={routeCategory ? routeCategory.name : _('management.title')}
      />
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        {nameField}
        {descriptionField}
        <ItemTagsField value={tags} onChange={setTags} />
        {categoryField}
        {incomplete ? (
          <p id={hintId} className="text-sm text-[var(--ink-muted)]">
            {_('shared.spec.addMenuIncomplete')}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <SaveButton
            adding
            pending={createMenu.isPending}
            invalid={!formState.isValid}
            hintId={incomplete ? hintId : undefined}
          />
        </div>
      </form>
    </section>
  );
}
