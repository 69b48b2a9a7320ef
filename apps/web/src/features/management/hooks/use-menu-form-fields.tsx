import { LIMITS, type Category } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Select } from '@/components/ui';
import { ruleTextOf } from '@/lib/error-text';
import { TextField } from '@/features/management/components/text-field';
import { categoryOptions, type MenuFormValues } from '@/features/management/lib/forms';

/**
 * The name, description and category fields of Add Menu and Edit Menu, built once; each screen
 * places them in its own order (Edit Menu puts the status between them).
 */
export function useMenuFormFields<T extends MenuFormValues>(
  form: UseFormReturn<T>,
  categories: Pick<UseQueryResult<Category[]>, 'data' | 'isPending'>,
) {
  // Edit Menu's values add the status. react-hook-form's types do not let a form of more fields
  // pass as one of fewer, though every field used here is there in both.
  const { _ } = useLingui();
  const { control, register, getValues, setValue, formState } = form as unknown as UseFormReturn<MenuFormValues>;
  const name = useWatch({ control, name: 'name' });
  const description = useWatch({ control, name: 'description' });
  const categoryId = useWatch({ control, name: 'categoryId' });

  // Once the options exist: show the chosen category as selected (the select had no options when
  // the form registered it), or clear it when that category no longer exists; validating here
  // also enables Save at once for loaded values.
  useEffect(() => {
    if (!categories.data) return;
    const current = getValues('categoryId');
    const exists = categories.data.some((c) => String(c.id) === current);
    setValue('categoryId', exists ? current : '', { shouldValidate: true });
  }, [categories.data, getValues, setValue]);

  const textField = (field: 'name' | 'description', label: string, value: string, max: number) => (
    <TextField
      label={label}
      autoComplete="off"
      error={ruleTextOf(formState.errors[field]?.message)}
      counter={{ length: value.length, max }}
      {...register(field)}
    />
  );

  return {
    /** A name or a category is still missing. */
    incomplete: name.length === 0 || categoryId.length === 0,
    nameField: textField('name', _('management.form.name'), name, LIMITS.menuNameMax),
    descriptionField: textField('description', _('management.form.description'), description, LIMITS.descriptionMax),
    categoryField: (
      <Select
        label={_('management.form.category')}
        placeholder={categories.isPending ? _('management.categories.loading') : _('management.form.chooseCategory')}
        options={categoryOptions(categories.data ?? [])}
        {...register('categoryId')}
      />
    ),
  };
}
