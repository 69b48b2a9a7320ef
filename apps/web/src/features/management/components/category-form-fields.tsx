import { LIMITS } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ruleTextOf } from '@/lib/error-text';
import type { CategoryFormValues } from '@/features/management/lib/forms';
import { CategoryForField } from './category-for-field';
import { TextField } from './text-field';

/** The fields of Add Category and Edit Category: the name (with its counter) and the venue. */
export function CategoryFormFields({ form }: { form: UseFormReturn<CategoryFormValues> }) {
  const { _ } = useLingui();
  const { control, register, formState } = form;
  const name = useWatch({ control, name: 'name' });
  return (
    <>
      <TextField
        label={_('management.form.name')}
        autoComplete="off"
        error={ruleTextOf(formState.errors.name?.message)}
        counter={{ length: name.length, max: LIMITS.categoryNameMax }}
        {...register('name')}
      />
      <CategoryForField registration={register('categoryFor')} />
    </>
  );
}
