import { useLingui } from '@lingui/react';
import type { KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useSettings } from '@/api/settings';
import { FieldError } from '@/components/ui';
import { ruleTextOf } from '@/lib/error-text';

/** Spaces never belong in an e-mail address: they are blocked while typing and stripped from pastes. */
function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ') event.preventDefault();
}

interface EmailFieldProps {
  id: string;
  field: UseFormRegisterReturn;
  error?: string;
  autoFocus?: boolean;
  /**
   * Say under the field which domain the company's addresses end in (sign-in, registration), so
   * the rule is known before a refusal, not only from it.
   */
  companyHint?: boolean;
}

export function EmailField({ id, field, error, autoFocus, companyHint = false }: EmailFieldProps) {
  const { _ } = useLingui();
  const { companyEmailDomain } = useSettings();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const domain = companyEmailDomain.replace(/^@/, '');
  const hint = companyHint && domain !== '' ? _('auth.field.emailDomainHint', { domain }) : null;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
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
        aria-describedby={describedBy}
        {...field}
        onKeyDown={handleKeyDown}
        onChange={(event) => {
          const stripped = event.target.value.replace(/\s+/g, '');
          if (stripped !== event.target.value) event.target.value = stripped;
          void field.onChange(event);
        }}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-[var(--ink-muted)]">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{ruleTextOf(error)}</FieldError>
    </div>
  );
}
