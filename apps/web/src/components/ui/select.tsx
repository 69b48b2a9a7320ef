import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose a category". */
  placeholder?: string;
  error?: string;
}

/** A native <select> with its label, styled like the other inputs (works with react-hook-form's register). */
export function Select({ label, hideLabel, options, placeholder, error, className, id, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'label'}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn('input appearance-none pr-9')}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-[var(--ink-muted)]"
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
