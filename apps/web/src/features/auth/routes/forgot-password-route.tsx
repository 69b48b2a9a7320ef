import { useLingui } from '@lingui/react';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSettings } from '@/api/settings';
import { IconBadge } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '@/features/auth/api/password-reset';
import { AuthShell } from '@/features/auth/components/auth-shell';

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
  const request = useRequestPasswordReset();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  };

  return (
    <AuthShell>
      <section className="card flex flex-col gap-5 p-6" aria-labelledby={`${id}-title`}>
        <IconBadge icon={KeyRound} tone="accent" />
        <h1 id={`${id}-title`} className="text-2xl font-semibold">
          {_('auth.reset.requestTitle')}
        </h1>
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
            {request.isError ? (
              <p id={`${id}-error`} role="alert" className="field-error font-medium">
                {errorText(request.error)}
              </p>
            ) : null}
            <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
              {_('auth.reset.requestSubmit')}
            </button>
          </form>
        )}
        <Link to={paths.login} className="font-medium text-[var(--accent)] underline">
          {_('auth.reset.backToLogin')}
        </Link>
      </section>
    </AuthShell>
  );
}
