import { SWEETNESS_LEVELS } from '@cafe/shared';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';

interface SweetnessFieldProps {
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
}

/** Sweetness 0%..200% as radio chips. */
export function SweetnessField({ value, onChange, onBlur, error }: SweetnessFieldProps) {
  const id = useId();
  return (
    <fieldset>
      <legend id={`${id}-label`} className="label">
        Sweetness
      </legend>
      <RadioGroup.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        value={value === undefined ? '' : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        onBlur={onBlur}
        orientation="horizontal"
        className="flex flex-wrap gap-2"
      >
        {SWEETNESS_LEVELS.map((level) => (
          <RadioGroup.Item
            key={level}
            value={String(level)}
            className="min-h-11 min-w-16 rounded-full border border-[var(--border-strong)] bg-[var(--surface-raised)] px-3 py-1.5 text-sm font-medium text-[var(--ink)] hover:bg-[var(--surface-sunken)] data-[state=checked]:border-[var(--accent)] data-[state=checked]:bg-[var(--accent)] data-[state=checked]:text-[var(--accent-ink)]"
          >
            {level}%
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
