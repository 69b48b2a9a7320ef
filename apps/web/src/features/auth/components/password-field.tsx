import { useLingui } from '@lingui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '@/components/ui';
import { ruleTextOf } from '@/lib/error-text';

interface PasswordFieldProps {
  id: string;
  field: UseFormRegisterReturn;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  /** The field's label, when not just "Password" (a new password, the current one). */
  label?: string;
  autoFocus?: boolean;
}

/** Password input with a show/hide toggle. */
export function PasswordField({ id, field, error, autoComplete, hint, label, autoFocus }: PasswordFieldProps) {
  const { _ } = useLingui();
  const [visible, setVisible] = useState(false);
  const showHint = Boolean(hint) && !error;
  const describedBy =
    [showHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label ?? _('auth.field.password')}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          required
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          className="input pr-12"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...field}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-[var(--ink-muted)] hover:text-[var(--ink)]"
          aria-label={visible ? _('auth.field.hidePassword') : _('auth.field.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
        </button>
      </div>
      {showHint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-[var(--ink-muted)]">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{ruleTextOf(error)}</FieldError>
    </div>
  );
}
