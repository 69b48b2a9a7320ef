import { useLingui } from '@lingui/react';
import type { KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '@/components/ui';
import { ruleTextOf } from '@/lib/error-text';

/** Spaces never belong in an e-mail address: they are blocked while typing and stripped from pastes. */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ') event.preventDefault();
}

interface EmailFieldProps {
  id: string;
  field: UseFormRegisterReturn;
  error?: string;
  autoFocus?: boolean;
}

export function EmailField({ id, field, error, autoFocus }: EmailFieldProps) {
  const { _ } = useLingui();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {_('auth.field.email')}
      </label>
      <input
        id={id}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={_('auth.field.emailPlaceholder')}
        className="input"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...field}
        onKeyDown={handleKeyDown}
        onChange={(event) => {
          const stripped = stripSpaces(event.target.value);
          if (stripped !== event.target.value) event.target.value = stripped;
          void field.onChange(event);
        }}
      />
      <FieldError id={errorId}>{ruleTextOf(error)}</FieldError>
    </div>
  );
}
