import { zodResolver } from '@hookform/resolvers/zod';
import {
  dashIfEmpty,
  dietMarksOf,
  textOrEmpty,
  type ChosenOption,
  type DietTag,
  type MenuOptionGroup,
  type Run,
  type RunCup,
} from '@cafe/shared';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CafeOrderFormSchema,
  TrayOrderFormSchema,
  type CafeOrderFormInput,
  type CafeOrderFormValues,
} from '@/features/order-ahead/lib/order-form-schema';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { DrinkChoiceFields } from '@/components/drink/drink-choice-fields';
import { OptionGroupsField } from '@/components/drink/option-groups-field';
import { defaultOptions, keepOffered, optionsProblem } from '@/lib/drink-options';
import { OrderFormNext } from './bar-order-form';
import { PickupField } from './pickup-field';
import { useMyAvoids } from '@/api/avoids';
import { DietWarning } from '@/components/diet/diet-warning';
import { TumblerImageField } from './tumbler-image-field';
import { RunCupField, RunPickupLine } from './run-order-fields';

/** The first field with a problem: a radio group or text box, or the tumbler photo's first button. */
const FIRST_PROBLEM =
  '[aria-invalid="true"] [data-state="checked"], [aria-invalid="true"] button, textarea[aria-invalid="true"], [data-invalid] button:enabled';

interface CafeOrderFormProps {
  menuId: number;
  menuName: string;
  /** A draft of this same drink to continue from (after Edit or coming back). */
  initialDraft?: OrderDraft | null;
  /** The item's option groups at the person's site (GET /category); none: the item has no options. */
  optionGroups?: readonly MenuOptionGroup[];
  /**
   * The item's allergen and diet tags (undefined while the item is not known): the form warns of
   * what the person avoids, and says so when nobody has tagged the item.
   */
  tags?: readonly DietTag[] | null;
  /** A coffee run the drink goes with: its pickup time is the drink's, and the cup is asked instead of a photo. */
  run?: Run;
  onNext: (draft: OrderDraft) => void;
}

/** Type, sweetness, additional request and tumbler photo; Next opens the summary when all is well. */
export function CafeOrderForm({
  menuId,
  menuName,
  initialDraft,
  optionGroups = [],
  tags,
  run,
  onNext,
}: CafeOrderFormProps) {
  const avoids = useMyAvoids();
  const [showCheck, setShowCheck] = useState(false);
  const [options, setOptions] = useState<ChosenOption[]>(() =>
    initialDraft?.options ? keepOffered(optionGroups, initialDraft.options) : defaultOptions(optionGroups),
  );
  const [pickupAt, setPickupAt] = useState<string | undefined>(initialDraft?.pickupAt);
  const [cup, setCup] = useState<RunCup>(initialDraft?.cup ?? 'tumbler');
  // A drink in the runner's tray needs no photo of a tumbler.
  const tray = run !== undefined && cup === 'tray';
  const problem = showCheck ? optionsProblem(optionGroups, options) : null;
  // What of the drink as chosen the person avoids; "not tagged" only once the item's tags are known.
  const diet = dietMarksOf(avoids, { tags: tags ?? [], optionGroups }, options);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<CafeOrderFormInput, unknown, CafeOrderFormValues>({
    resolver: zodResolver(tray ? TrayOrderFormSchema : CafeOrderFormSchema),
    mode: 'onChange',
    defaultValues: {
      type: initialDraft?.type,
      sweetness: initialDraft?.sweetness,
      remark: textOrEmpty(initialDraft?.remark),
      tumblerImage: initialDraft?.tumblerImage ?? '',
    },
  });
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = form;

  const handleCupChange = (next: RunCup) => {
    setCup(next);
    if (next !== 'tray') return;
    clearErrors('tumblerImage');
    // The photo field goes away, and an upload it had started no longer holds the form.
    setUploading(false);
  };
  const hasErrors = Object.keys(errors).length > 0;

  const handleValid = (values: CafeOrderFormValues) => {
    if (optionsProblem(optionGroups, options)) {
      handleInvalid();
      return;
    }
    setShowCheck(false);
    onNext({
      venue: 'cafe',
      menu_id: menuId,
      menu_name: menuName,
      type: values.type,
      sweetness: values.sweetness,
      remark: dashIfEmpty(values.remark),
      tumblerImage: tray ? '' : values.tumblerImage,
      ...(optionGroups.length > 0 ? { options } : {}),
      ...(run ? { pickupAt: run.pickupAt, runId: run.id, cup } : pickupAt ? { pickupAt } : {}),
    });
  };

  /** Shows "please check your order" and takes the person to the first field that needs them. */
  const handleInvalid = () => {
    setShowCheck(true);
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>(FIRST_PROBLEM)?.focus();
    });
  };

  return (
    <form
      noValidate
      ref={formRef}
      onSubmit={(event) => void handleSubmit(handleValid, handleInvalid)(event)}
      className="space-y-6"
    >
      <DietWarning {...diet} untagged={diet.untagged && tags !== undefined} />
      <DrinkChoiceFields
        control={control}
        register={register}
        errors={{ type: errors.type?.message, sweetness: errors.sweetness?.message, remark: errors.remark?.message }}
      />
      {optionGroups.length > 0 ? (
        <OptionGroupsField groups={optionGroups} value={options} onChange={setOptions} problem={problem} />
      ) : null}
      {run ? <RunCupField value={cup} onChange={handleCupChange} /> : null}
      {tray ? null : (
        <Controller
          control={control}
          name="tumblerImage"
          render={({ field }) => (
            <TumblerImageField
              value={field.value}
              onChange={(url) => field.onChange(url)}
              error={errors.tumblerImage?.message}
              onBusyChange={setUploading}
            />
          )}
        />
      )}

      {run ? <RunPickupLine run={run} /> : <PickupField value={pickupAt} onChange={setPickupAt} />}

      <OrderFormNext check={showCheck && (hasErrors || !!problem)} disabled={uploading} />
    </form>
  );
}
