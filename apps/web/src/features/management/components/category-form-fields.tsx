import { inferCategoryKind, LIMITS } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState, type ChangeEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ruleTextOf } from '@/lib/error-text';
import type { CategoryFormValues } from '@/features/management/lib/forms';
import { CategoryForField } from './category-for-field';
import { CategoryKindField } from './category-kind-field';
import { TextField } from './text-field';

/**
 * The fields of Add Category and Edit Category: the name (with its counter), the venue and the
 * kind. With `kindFollowsName` (a new category) the kind is guessed from the name as it is typed
 * ("Coffee", "ชา"...) until the person picks one themselves.
 */
export function CategoryFormFields({
  form,
  kindFollowsName = false,
}: {
  form: UseFormReturn<CategoryFormValues>;
  kindFollowsName?: boolean;
}) {
  const { _ } = useLingui();
  const { control, register, formState, setValue } = form;
  const name = useWatch({ control, name: 'name' });
  const [kindChosen, setKindChosen] = useState(false);
  const handleNameChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (kindFollowsName && !kindChosen) {
      setValue('kind', inferCategoryKind(event.target.value), { shouldValidate: true });
    }
  };
  return (
    <>
      <TextField
        label={_('management.form.name')}
        autoComplete="off"
        error={ruleTextOf(formState.errors.name?.message)}
        counter={{ length: name.length, max: LIMITS.categoryNameMax }}
        {...register('name', { onChange: handleNameChange })}
      />
      <CategoryForField registration={register('categoryFor')} />
      <CategoryKindField registration={register('kind', { onChange: () => setKindChosen(true) })} />
    </>
  );
}
