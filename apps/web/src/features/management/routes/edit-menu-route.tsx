import { zodResolver } from '@hookform/resolvers/zod';
import { dashIfEmpty, textOrEmpty, type DietTag, type Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { PageHeader, Select } from '@/components/ui';
import { ItemOptionsForm } from '@/features/management/components/item-options-form';
import { loadProblem } from '@/features/management/components/load-problem';
import { ItemTagsField } from '@/features/management/components/item-tags-field';
import { SaveButton } from '@/features/management/components/save-button';
import { refusalOr } from '@/lib/error-text';
import { msgId } from '@/i18n';
import { useCategories } from '@/features/management/api/categories';
import { useMenu, useUpdateMenu } from '@/features/management/api/menus';
import { useMenuFormFields } from '@/features/management/hooks/use-menu-form-fields';
import {
  EditMenuFormSchema,
  categoryMenuPath,
  parseId,
  type EditMenuFormValues,
} from '@/features/management/lib/forms';

const STATUS_OPTIONS = [
  { value: 'active', labelId: msgId('management.status.active') },
  { value: 'inactive', labelId: msgId('management.status.inactive') },
] as const;

/** Edit Menu (/edit-menu/:menuId): name, status, category, description. */
export function EditMenuRoute() {
  const { _ } = useLingui();
  const menuId = parseId(useParams().menuId);
  const menu = useMenu(menuId);

  const problem = loadProblem(menuId, menu, {
    doesNotExist: _('management.menu.doesNotExist'),
    loading: _('management.editMenu.loading'),
    gone: _('management.menu.gone'),
    loadFailed: _('management.editMenu.loadFailed'),
  });
  if (problem || !menu.data) return <EditMenuShell>{problem}</EditMenuShell>;
  return <EditMenuForm key={menu.data.id} menu={menu.data} />;
}

function EditMenuShell({ children, backTo = paths.barista.menuManagement }: { children: ReactNode; backTo?: string }) {
  const { _ } = useLingui();
  return (
    <section className="mx-auto max-w-xl">
      <PageHeader title={_('management.editMenu.title')} backTo={backTo} backLabel={_('management.form.back')} />
      {children}
    </section>
  );
}

function EditMenuForm({ menu }: { menu: Menu }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const hintId = useId();
  const categories = useCategories();
  const updateMenu = useUpdateMenu();
  const [tags, setTags] = useState<DietTag[]>(menu.tags ?? []);
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
          tags,
        },
      });
      toast.success(_('management.toast.saved', { name: saved.name }));
      void navigate(categoryMenuPath(target));
    } catch (error) {
      toast.error(refusalOr(error, _('management.editMenu.saveFailed')));
    }
  };

  return (
    <EditMenuShell backTo={backTo}>
      <form className="card space-y-4 p-4 sm:p-6" noValidate onSubmit={(e) => void handleSubmit(handleValid)(e)}>
        {nameField}
        <Select
          label={_('management.form.status')}
          options={STATUS_OPTIONS.map(({ value, labelId }) => ({ value, label: _(labelId) }))}
          {...register('isActive')}
        />
        {categoryField}
        {descriptionField}
        <ItemTagsField value={tags} onChange={setTags} />
        {incomplete ? (
          <p id={hintId} className="text-sm text-[var(--danger)]">
            {_('shared.spec.answerBothThai')}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <SaveButton
            pending={updateMenu.isPending}
            invalid={!formState.isValid}
            hintId={incomplete ? hintId : undefined}
          />
        </div>
      </form>
      <section aria-labelledby="item-options-heading" className="card mt-4 space-y-3 p-4 sm:p-6">
        <h2 id="item-options-heading" className="text-lg font-semibold">
          {_('management.itemOptions.heading')}
        </h2>
        <ItemOptionsForm menuId={menu.id} />
      </section>
    </EditMenuShell>
  );
}
