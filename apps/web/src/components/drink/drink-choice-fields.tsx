import { Controller, useWatch, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { ruleTextOf } from '@/lib/error-text';
import type { DrinkChoiceInput } from '@/lib/drink-choice-schema';
import { DrinkTypeField } from './drink-type-field';
import { RemarkField } from './remark-field';
import { SweetnessField } from './sweetness-field';

interface DrinkChoiceFieldsProps<T extends FieldValues & DrinkChoiceInput, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  /** The fields' messages as the form's check wrote them. */
  errors: { type?: string; sweetness?: string; remark?: string };
}

/**
 * Type, sweetness and the additional request of a cafe drink, for any form whose values have them
 * (lib/drink-choice-schema.ts): the customer's order form and the barista's walk-up order ask the
 * same, the same way.
 */
export function DrinkChoiceFields<T extends FieldValues & DrinkChoiceInput, TOut extends FieldValues>({
  control,
  register,
  errors,
}: DrinkChoiceFieldsProps<T, TOut>) {
  // The field names are the drink choice's, which every T has (react-hook-form's documented way
  // of naming a field of a generic form).
  const name = (field: keyof DrinkChoiceInput) => field as Path<T>;
  const remark = useWatch({ control, name: name('remark') }) as string | undefined;
  return (
    <>
      <Controller
        control={control}
        name={name('type')}
        render={({ field }) => (
          <DrinkTypeField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.type} />
        )}
      />
      <Controller
        control={control}
        name={name('sweetness')}
        render={({ field }) => (
          <SweetnessField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.sweetness}
          />
        )}
      />
      <RemarkField length={(remark ?? '').length} error={ruleTextOf(errors.remark)} {...register(name('remark'))} />
    </>
  );
}
