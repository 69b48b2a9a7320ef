import { RadioGroup } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { FieldError } from '@/components/ui';
import { cn } from '@/lib/cn';

interface ChoiceChipGroupProps<T extends string | number> {
  /** The visible legend, also the radio group's accessible name. */
  label: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  error?: string;
  /** Layout of the chips (grid or wrapping row). */
  className: string;
  /** Shape and size of one chip; colours and the checked look are shared. */
  chipClassName: string;
  renderOption: (option: T) => ReactNode;
}

/** A labelled single choice shown as chips (Radix RadioGroup: arrow keys move, Space picks). */
export function ChoiceChipGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  className,
  chipClassName,
  renderOption,
}: ChoiceChipGroupProps<T>) {
  const id = useId();
  const handleValueChange = (next: string) => {
    const option = options.find((o) => String(o) === next);
    if (option !== undefined) onChange(option);
  };
  return (
    <fieldset>
      <legend id={`${id}-label`} className="label">
        {label}
      </legend>
      <RadioGroup.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        value={value === undefined ? '' : String(value)}
        onValueChange={handleValueChange}
        onBlur={onBlur}
        orientation="horizontal"
        className={className}
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={String(option)}
            value={String(option)}
            className={cn(
              chipClassName,
              'border border-[var(--border-strong)] bg-[var(--surface-raised)] font-medium text-[var(--ink)] hover:bg-[var(--surface-sunken)] data-[state=checked]:border-[var(--accent)] data-[state=checked]:bg-[var(--accent)] data-[state=checked]:text-[var(--accent-ink)]',
            )}
          >
            {renderOption(option)}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
