import { DRINK_TYPES, type DrinkType } from '@cafe/shared';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { drinkTypeLabel } from '../lib/order-display';
import { DrinkTypeIcon } from './drink-type-icon';

interface DrinkTypeFieldProps {
  value: DrinkType | undefined;
  onChange: (value: DrinkType) => void;
  onBlur?: () => void;
  error?: string;
}

/** Hot, cold or frappe: a radio group of icon tiles (arrow keys move, Space picks). */
export function DrinkTypeField({ value, onChange, onBlur, error }: DrinkTypeFieldProps) {
  const id = useId();
  return (
    <fieldset>
      <legend id={`${id}-label`} className="label">
        Type
      </legend>
      <RadioGroup.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        value={value ?? ''}
        onValueChange={(next) => onChange(next as DrinkType)}
        onBlur={onBlur}
        orientation="horizontal"
        className="grid grid-cols-3 gap-2"
      >
        {DRINK_TYPES.map((type) => (
          <RadioGroup.Item
            key={type}
            value={type}
            className="flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] px-2 py-2 font-medium text-[var(--ink)] hover:bg-[var(--surface-sunken)] data-[state=checked]:border-[var(--accent)] data-[state=checked]:bg-[var(--accent)] data-[state=checked]:text-[var(--accent-ink)]"
          >
            <DrinkTypeIcon type={type} className="h-5 w-5" />
            {drinkTypeLabel(type)}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
