import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORY_FOR, CATEGORY_KINDS, inferCategoryKind, LIMITS, type CategoryKind } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type DefaultValues, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { msgId } from '@/i18n';
import { ruleTextOf } from '@/lib/error-text';
import { CategoryFormSchema, type CategoryFormValues } from '@/features/management/lib/forms';
import { CATEGORY_FOR_LABELS } from './category-for-badge';
import { TextField } from './text-field';

/** The kinds' names (message ids). */
const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  coffee: msgId('management.kind.coffee'),
  tea: msgId('management.kind.tea'),
  other: msgId('management.kind.other'),
};

/** The form of Add Category and Edit Category, checked as it is typed. */
export function useCategoryForm(defaultValues: DefaultValues<CategoryFormValues>) {
  return useForm<CategoryFormValues>({ resolver: zodResolver(CategoryFormSchema), mode: 'onChange', defaultValues });
}

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
      {/* The "For" choice: Cafe or Bar. */}
      <RadioCardsField
        legend={_('management.form.for')}
        values={CATEGORY_FOR}
        labels={CATEGORY_FOR_LABELS}
        registration={register('categoryFor')}
      />
      {/* The "Kind" choice: the board's Coffee / Tea filter follows it, whatever the name says. */}
      <RadioCardsField
        legend={_('management.form.kind')}
        values={CATEGORY_KINDS}
        labels={CATEGORY_KIND_LABELS}
        registration={register('kind', { onChange: () => setKindChosen(true) })}
        hint={_('management.form.kindHint')}
      />
    </>
  );
}

/** A choice of two or three options as large radio buttons (one tab stop, arrow keys move between them). */
function RadioCardsField<T extends string>({
  legend,
  values,
  labels,
  registration,
  hint,
}: {
  legend: string;
  values: readonly T[];
  /** Each option's name (message ids). */
  labels: Record<T, string>;
  registration: UseFormRegisterReturn;
  hint?: string;
}) {
  const { _ } = useLingui();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="label">{legend}</legend>
      <div className={values.length === 2 ? 'grid grid-cols-2 gap-2' : 'grid grid-cols-3 gap-2'}>
        {values.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] px-3 py-2 font-medium has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--accent-soft)] has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--focus)]"
          >
            <input type="radio" value={value} className="h-6 w-6 shrink-0 accent-[var(--accent)]" {...registration} />
            {_(labels[value])}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-[var(--ink-muted)]">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
