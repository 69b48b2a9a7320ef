import { useId, type ComponentProps } from 'react';
import { FieldError } from '@/components/ui';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string;
  /** Shows "n/max" under the field. */
  counter?: { length: number; max: number };
}

/** A labelled text input with its error line (works with react-hook-form's register). */
export function TextField({ label, error, counter, ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy = [error ? errorId : null, counter ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      <div className="flex items-start justify-between gap-2">
        {/* The span keeps the counter on the right while there is no error. */}
        {error ? <FieldError id={errorId}>{error}</FieldError> : <span />}
        {counter ? (
          <p
            id={counterId}
            className={counter.length > counter.max ? 'field-error' : 'mt-1 text-sm text-[var(--ink-muted)]'}
          >
            {counter.length}/{counter.max}
          </p>
        ) : null}
      </div>
    </div>
  );
}
