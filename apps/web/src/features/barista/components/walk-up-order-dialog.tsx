import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import {
  conflictsOfDrink,
  dashIfEmpty,
  DisplayNameSchema,
  LIMITS,
  sortDietTags,
  WalkUpOrderBodySchema,
  type ChosenOption,
  type DietTag,
  type Order,
  type UserSearchResult,
} from '@cafe/shared';
import { ChevronDown, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DrinkChoiceFields } from '@/components/drink/drink-choice-fields';
import { OptionGroupsField } from '@/components/drink/option-groups-field';
import { defaultOptions, optionsProblem } from '@/lib/drink-options';
import { AlertMessage, ErrorState, FieldError, LoadingBlock, Modal, ModalClose } from '@/components/ui';
import { i18n, msgId } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { DrinkChoiceSchema } from '@/lib/drink-choice-schema';
import { useCafeMenu } from '@/features/barista/api/get-cafe-menu';
import { usePlaceWalkUpOrder } from '@/features/barista/api/place-walk-up-order';
import { orderLabel } from '@/features/barista/lib/order-label';
import { PersonPicker } from './person-picker';
import { useWalkUpRefusal, walkUpItemLabel } from '@/features/barista/hooks/use-walk-up-refusal';
import { DietConfirm } from '@/components/diet/diet-warning';
import { SegmentedControl } from './segmented-control';
import { offlineReason, useOffline } from '@/lib/connectivity';
import { errorText, ruleText } from '@/lib/error-text';
import { dietTagsOfRefusal } from '@/lib/diet';

/** The drink as the customer's form asks it (same rules, same messages), and which item it is. */
const WalkUpFormSchema = DrinkChoiceSchema.extend({
  // Made when the form is checked, in the language of that moment.
  menuId: z.string().min(1, { error: () => i18n._('barista.walkUp.chooseDrink') }),
});
type WalkUpFormInput = z.input<typeof WalkUpFormSchema>;
type WalkUpFormValues = z.output<typeof WalkUpFormSchema>;

type OrderFor = 'person' | 'guest';
const ORDER_FOR_OPTIONS: readonly { value: OrderFor; labelId: string }[] = [
  { value: 'person', labelId: msgId('barista.walkUp.person') },
  { value: 'guest', labelId: msgId('barista.walkUp.guest') },
];

/** What is wrong with a guest's name, in the interface's language (the shared rule speaks English). */
function nameRuleText(issue: { code: string; message: string }): string {
  return issue.code === 'too_big'
    ? i18n._('barista.walkUp.nameTooLong', { max: LIMITS.displayNameMax })
    : ruleText(issue.message);
}

interface WalkUpOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPlaced?: (order: Order) => void;
}

/**
 * A walk-up order: the barista enters a drink for someone at the counter, a registered person
 * (found by name or e-mail; it counts toward their two drinks a day) or a guest by name.
 */
export function WalkUpOrderDialog({ open, onOpenChange, onPlaced }: WalkUpOrderDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={_('barista.walkUp.title')}
      description={_('barista.walkUp.description')}
      size="lg"
    >
      {open ? (
        <WalkUpForm
          onPlaced={(order) => {
            onPlaced?.(order);
            onOpenChange(false);
          }}
        />
      ) : null}
    </Modal>
  );
}

/** Opens the walk-up order dialog. */
export function WalkUpOrderButton({ onClick }: { onClick: () => void }) {
  const { _ } = useLingui();
  // Placing needs the server: offline the button says why.
  const offline = useOffline();
  return (
    <button
      type="button"
      className="btn-primary min-h-11"
      onClick={onClick}
      disabled={offline}
      title={offline ? offlineReason() : undefined}
    >
      <UserPlus aria-hidden="true" className="h-5 w-5" />
      {_('barista.walkUp.title')}
    </button>
  );
}

function WalkUpForm({ onPlaced }: { onPlaced: (order: Order) => void }) {
  const { _ } = useLingui();
  const menu = useCafeMenu();
  const refusalOf = useWalkUpRefusal();
  const cafeRefusal = refusalOf(null);
  const place = usePlaceWalkUpOrder();
  const [orderFor, setOrderFor] = useState<OrderFor>('person');
  const [person, setPerson] = useState<UserSearchResult | null>(null);
  const [guestName, setGuestName] = useState('');
  const [whoError, setWhoError] = useState<string | undefined>();
  const [showCheck, setShowCheck] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ownCup, setOwnCup] = useState(false);
  const drinkId = useId();
  const ownCupHintId = useId();
  const guestId = useId();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<WalkUpFormInput, unknown, WalkUpFormValues>({
    resolver: zodResolver(WalkUpFormSchema),
    mode: 'onChange',
    defaultValues: { menuId: '', remark: '' },
  });
  // The chosen item's option groups, starting from its defaults whenever another item is chosen.
  const menuId = Number(useWatch({ control, name: 'menuId' }));
  const item = menu.data?.flatMap((c) => c.menu).find((m) => m.id === menuId);
  const groups = item?.optionGroups ?? [];
  const [options, setOptions] = useState<{ menuId: number; chosen: ChosenOption[] }>({ menuId: 0, chosen: [] });
  const chosen = options.menuId === menuId ? options.chosen : defaultOptions(groups);
  // What the person it is for avoids: the barista is asked before placing a drink with it (the
  // shared conflictsOfDrink over the drink as it will be made). What the server answered when it
  // asked for the confirmation (their list changed since they were found) is asked too.
  const [serverConflicts, setServerConflicts] = useState<{ key: string; tags: DietTag[] }>({ key: '', tags: [] });
  const drinkKey = `${person?.id}:${menuId}`;
  const conflicts =
    orderFor === 'person' && person && item
      ? sortDietTags([
          ...conflictsOfDrink(person.avoids ?? [], item, chosen),
          ...(serverConflicts.key === drinkKey ? serverConflicts.tags : []),
        ])
      : [];
  const conflictKey = `${drinkKey}:${conflicts.join()}`;
  const [confirmedFor, setConfirmedFor] = useState('');
  const needsConfirm = conflicts.length > 0 && confirmedFor !== conflictKey;
  const optionProblem = showCheck ? optionsProblem(groups, chosen) : null;

  /** Who the order is for, or null (with the reason shown) when that is not settled yet. */
  const checkWho = (): { userId: number } | { guestName: string } | null => {
    if (orderFor === 'person') {
      if (person) return { userId: person.id };
      setWhoError(_('barista.walkUp.choosePerson'));
      return null;
    }
    const name = DisplayNameSchema.safeParse(guestName);
    if (name.success) return { guestName: name.data };
    const issue = name.error.issues[0];
    setWhoError(issue ? nameRuleText(issue) : _('shared.spec.nameEmpty'));
    return null;
  };

  const handleValid = async (values: WalkUpFormValues) => {
    const forWhom = checkWho();
    if (!forWhom || optionsProblem(groups, chosen) || needsConfirm) {
      setShowCheck(true);
      return;
    }
    setWhoError(undefined);
    setShowCheck(false);
    setFailure(null);
    const body = WalkUpOrderBodySchema.safeParse({
      menu_id: Number(values.menuId),
      type: values.type,
      sweetness: values.sweetness,
      remark: dashIfEmpty(values.remark),
      ...(groups.length > 0 ? { options: chosen } : {}),
      // Asked and ticked: the server places a drink with what the person avoids only then.
      ...(conflicts.length > 0 ? { dietConfirmed: true } : {}),
      // Served into what they brought: a disposable cup saved once it is picked up.
      ...(ownCup ? { ownCup: true } : {}),
      ...forWhom,
    });
    if (!body.success) {
      const issue = body.error.issues[0];
      setFailure(issue ? ruleText(issue.message) : _('shared.spec.checkOrder'));
      return;
    }
    try {
      const order = await place.mutateAsync(body.data);
      toast.success(_('barista.walkUp.placed', { order: orderLabel(order) }));
      onPlaced(order);
    } catch (error) {
      if (isApiError(error, 'DIET_CONFIRMATION_NEEDED')) {
        // What the person avoids changed since they were found: the question is asked again.
        setServerConflicts({ key: drinkKey, tags: dietTagsOfRefusal(error) });
        setConfirmedFor('');
        return;
      }
      // The daily limit in the specification's words; any other refusal as the server says it.
      setFailure(
        isApiError(error, 'ORDER_LIMIT_REACHED')
          ? _('shared.spec.orderLimit')
          : (errorText(error) ?? _('shared.spec.orderFailedTitle')),
      );
    }
  };

  const handleInvalid = () => {
    if (checkWho()) setWhoError(undefined);
    setShowCheck(true);
  };

  const hasErrors = Object.keys(errors).length > 0 || whoError !== undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handleValid, handleInvalid)(event)}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-2">
        <span aria-hidden="true" className="label mb-0">
          {_('barista.walkUp.orderFor')}
        </span>
        <SegmentedControl<OrderFor>
          label={_('barista.walkUp.orderFor')}
          value={orderFor}
          options={ORDER_FOR_OPTIONS.map((o) => ({ value: o.value, label: _(o.labelId) }))}
          onValueChange={(next) => {
            setOrderFor(next);
            setWhoError(undefined);
          }}
          className="self-start"
        />
        {orderFor === 'person' ? (
          <PersonPicker
            value={person}
            onChange={(next) => {
              setPerson(next);
              if (next) setWhoError(undefined);
            }}
            error={whoError}
          />
        ) : (
          <div>
            <label htmlFor={guestId} className="label">
              {_('barista.walkUp.guestName')}
            </label>
            <input
              id={guestId}
              value={guestName}
              onChange={(e) => {
                setGuestName(e.target.value);
                setWhoError(undefined);
              }}
              aria-invalid={whoError ? true : undefined}
              aria-describedby={whoError ? `${guestId}-error` : undefined}
              autoComplete="off"
              className="input"
            />
            <FieldError id={`${guestId}-error`}>{whoError}</FieldError>
          </div>
        )}
      </div>

      <div>
        <label htmlFor={drinkId} className="label">
          {_('barista.walkUp.drink')}
        </label>
        {menu.isPending ? (
          <LoadingBlock label={_('barista.walkUp.loadingMenu')} className="py-4" />
        ) : menu.isError ? (
          <ErrorState
            message={_('barista.walkUp.menuFailed', { reason: errorText(menu.error) ?? '' })}
            onRetry={() => void menu.refetch()}
            className="py-4"
          />
        ) : (
          <div className="relative">
            {cafeRefusal ? <AlertMessage className="mb-2">{cafeRefusal}</AlertMessage> : null}
            <select
              id={drinkId}
              {...register('menuId')}
              aria-invalid={errors.menuId ? true : undefined}
              aria-describedby={errors.menuId ? `${drinkId}-error` : undefined}
              className="input appearance-none pr-9"
            >
              <option value="">{_('barista.walkUp.chooseDrink')}</option>
              {menu.data.map((category) => (
                <optgroup key={category.id} label={category.name}>
                  {category.menu.map((item) => (
                    <option key={item.id} value={String(item.id)} disabled={refusalOf(item) !== null}>
                      {walkUpItemLabel(item, refusalOf(item))}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-[var(--ink-muted)]"
            />
          </div>
        )}
        <FieldError id={`${drinkId}-error`}>{errors.menuId?.message}</FieldError>
      </div>

      <DrinkChoiceFields
        control={control}
        register={register}
        errors={{ type: errors.type?.message, sweetness: errors.sweetness?.message, remark: errors.remark?.message }}
      />
      {groups.length > 0 ? (
        <OptionGroupsField
          groups={groups}
          value={chosen}
          onChange={(next) => setOptions({ menuId, chosen: next })}
          problem={optionProblem}
        />
      ) : null}

      <div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-[var(--border)] px-3 py-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-6 w-6 shrink-0 accent-[var(--accent)]"
            checked={ownCup}
            aria-describedby={ownCupHintId}
            onChange={(event) => setOwnCup(event.target.checked)}
          />
          {_('barista.walkUp.ownCup')}
        </label>
        <p id={ownCupHintId} className="mt-1 text-sm text-[var(--ink-muted)]">
          {_('barista.walkUp.ownCupHint')}
        </p>
      </div>

      <DietConfirm
        conflicts={conflicts}
        person={person?.name}
        checked={!needsConfirm}
        onChange={(yes) => setConfirmedFor(yes ? conflictKey : '')}
      />
      {showCheck && (hasErrors || optionProblem) ? <AlertMessage>{_('shared.spec.checkOrder')}</AlertMessage> : null}
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}

      <div className="flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <button type="button" className="btn-secondary min-h-11" disabled={place.isPending}>
            {_('barista.walkUp.close')}
          </button>
        </ModalClose>
        <button
          type="submit"
          className="btn-primary min-h-11"
          disabled={place.isPending || needsConfirm}
          aria-busy={place.isPending || undefined}
          aria-describedby={needsConfirm ? 'diet-warning-text' : undefined}
        >
          {place.isPending ? _('barista.walkUp.placing') : _('barista.walkUp.place')}
        </button>
      </div>
    </form>
  );
}
