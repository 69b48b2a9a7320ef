import type { ChosenOption, MenuOptionGroup } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { FieldError } from '@/components/ui';
import { chosenIn, groupHint, quantityOf, setQuantity, toggleChoice } from '@/lib/drink-options';
import { cn } from '@/lib/cn';

interface OptionGroupsFieldProps {
  groups: readonly MenuOptionGroup[];
  value: readonly ChosenOption[];
  onChange: (next: ChosenOption[]) => void;
  /** The group whose rule the choice breaks, and why (after a try to go on). */
  problem?: { groupId: number; message: string } | null;
}

const chip =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-[var(--border-strong)] bg-[var(--surface-raised)] px-3 py-2 text-sm font-medium text-[var(--ink)] has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--accent)] has-[:checked]:text-[var(--accent-ink)] has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-[var(--accent)]';

/**
 * A drink's option groups (size, milk, syrups): one choice as radio buttons, several as check
 * boxes (the others greyed once the maximum is reached), a quantity where the group asks one, and
 * sold-out choices shown but not choosable. Native inputs: the keyboard and screen readers know them.
 */
export function OptionGroupsField({ groups, value, onChange, problem }: OptionGroupsFieldProps) {
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <OptionGroupField
          key={group.id}
          group={group}
          value={value}
          onChange={onChange}
          error={problem?.groupId === group.id ? problem.message : undefined}
        />
      ))}
    </div>
  );
}

function OptionGroupField({
  group,
  value,
  onChange,
  error,
}: {
  group: MenuOptionGroup;
  value: readonly ChosenOption[];
  onChange: (next: ChosenOption[]) => void;
  error?: string;
}) {
  const { _ } = useLingui();
  const id = useId();
  const single = group.maxChoices === 1;
  const full = chosenIn(group, value) >= group.maxChoices;
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className="label">{group.name}</legend>
      <p id={`${id}-hint`} className="-mt-1 mb-2 text-xs text-[var(--ink-muted)]">
        {groupHint(group)}
      </p>
      <div className="flex flex-wrap gap-2">
        {group.choices.map((choice) => {
          const quantity = quantityOf(value, choice.id);
          const checked = quantity > 0;
          const disabled = choice.soldOut || (!single && !checked && full);
          return (
            <div key={choice.id} className="flex items-center gap-1">
              <label className={chip}>
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`option-${group.id}`}
                  className="sr-only"
                  checked={checked}
                  disabled={disabled && !checked}
                  onChange={() => onChange(toggleChoice(group, value, choice.id))}
                />
                <span>{choice.name}</span>
                {choice.soldOut ? <span className="text-xs">({_('shared.options.soldOut')})</span> : null}
              </label>
              {checked && group.maxQuantity > 1 ? (
                <span className="flex items-center gap-1">
                  <button
                    type="button"
                    className={cn('btn-ghost h-9 w-9 p-0')}
                    aria-label={_('shared.options.fewer', { name: choice.name })}
                    disabled={quantity <= 1}
                    onClick={() => onChange(setQuantity(group, value, choice.id, quantity - 1))}
                  >
                    <Minus aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <output aria-live="polite" className="min-w-6 text-center text-sm font-semibold">
                    {quantity}
                  </output>
                  <button
                    type="button"
                    className={cn('btn-ghost h-9 w-9 p-0')}
                    aria-label={_('shared.options.more', { name: choice.name })}
                    disabled={quantity >= group.maxQuantity}
                    onClick={() => onChange(setQuantity(group, value, choice.id, quantity + 1))}
                  >
                    <Plus aria-hidden="true" className="h-4 w-4" />
                  </button>
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
