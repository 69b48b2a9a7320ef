import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSettings } from '@/api/settings';
import { errorText } from '@/lib/error-text';
import { requestPasswordReset } from '@/features/auth/api/password-reset';
import { FormFailure } from '@/features/auth/components/form-failure';
import { PasswordResetCard } from '@/features/auth/components/password-reset-card';

/**
 * /forgot-password: asks for a reset link by e-mail (offered only when the cafe has e-mail). The
 * answer is the same for every address, so the screen says only that a link is on its way if the
 * address has an account.
 */
export function ForgotPasswordRoute() {
  const { _ } = useLingui();
  const id = useId();
  const { passwordReset } = useSettings();
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestPasswordReset });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  };

  return (
    <PasswordResetCard title={_('auth.reset.requestTitle')} back={_('auth.reset.backToLogin')}>
      {!passwordReset ? (
        <p role="status">{_('auth.reset.unavailable')}</p>
      ) : request.isSuccess ? (
        <p role="status">{_('auth.reset.requested')}</p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-busy={request.isPending || undefined}>
          <p className="text-sm text-[var(--ink-muted)]">{_('auth.reset.requestIntro')}</p>
          <div>
            <label htmlFor={`${id}-email`} className="label">
              {_('auth.field.email')}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="email"
              className="input"
              value={email}
              onChange={(e) => setEmail(e.target.value.replace(/\s/g, ''))}
              aria-invalid={request.isError || undefined}
              aria-describedby={request.isError ? `${id}-error` : undefined}
            />
          </div>
          <FormFailure id={`${id}-error`}>{request.isError ? errorText(request.error) : null}</FormFailure>
          <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
            {_('auth.reset.requestSubmit')}
          </button>
        </form>
      )}
    </PasswordResetCard>
  );
}
