import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { LoginBodySchema, type LoginBody, type SecondFactorPending } from '@cafe/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AlertMessage } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useCompanyDomainCheck } from '@/features/auth/hooks/use-company-domain-check';
import { useSignIn } from '@/features/auth/hooks/use-sign-in';
import { EmailField } from './email-field';
import { FormFailure } from './form-failure';
import { PasswordField } from './password-field';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorStep } from './second-factor-step';
import { logFailure } from '@/lib/log-failure';

type Failure = { kind: 'domain'; message: string } | { kind: 'login'; message: string };

/**
 * The sign-in form of the login dialog. An e-mail outside the company domain (from the settings)
 * is an alert before any request (and the server's EMAIL_DOMAIN answer the same, should the
 * settings be out of date); wrong credentials an inline error.
 */
export function LoginForm({ onBusyChange, email = '' }: { onBusyChange?: (busy: boolean) => void; email?: string }) {
  const { _ } = useLingui();
  const id = useId();
  const signIn = useSignIn();
  const checkDomain = useCompanyDomainCheck();
  const [failure, setFailure] = useState<Failure | null>(null);
  // The right password of an account with a second factor: its step follows, in place of the form.
  const [pending, setPending] = useState<SecondFactorPending['secondFactor'] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof LoginBodySchema>, unknown, LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email, password: '' },
  });

  const handleValid = async (body: LoginBody) => {
    setFailure(null);
    const domainAlert = checkDomain(body.email);
    if (domainAlert) {
      setFailure({ kind: 'domain', message: domainAlert });
      return;
    }
    onBusyChange?.(true);
    try {
      setPending(await signIn(body));
    } catch (error) {
      if (isApiError(error, 'EMAIL_DOMAIN')) setFailure({ kind: 'domain', message: errorText(error) ?? error.message });
      else if (isApiError(error) && (error.status === 0 || error.status === 429 || error.status >= 500)) {
        // Not a wrong password: say what happened so the person does not retype a correct one.
        setFailure({ kind: 'login', message: errorText(error) ?? error.message });
      } else setFailure({ kind: 'login', message: _('shared.spec.loginFailed') });
      logFailure('login failed', error);
    } finally {
      onBusyChange?.(false);
    }
  };

  if (pending) return <SecondFactorStep pending={pending} onRestart={() => setPending(null)} />;

  return (
    <form
      onSubmit={(e) => void handleSubmit(handleValid)(e)}
      noValidate
      className="space-y-4"
      aria-busy={isSubmitting || undefined}
    >
      {failure?.kind === 'domain' ? <AlertMessage>{failure.message}</AlertMessage> : null}
      {/* With the address known (just registered), the password is what is left to type. */}
      <EmailField
        id={`${id}-email`}
        field={register('email')}
        error={errors.email?.message}
        autoFocus={email === ''}
        companyHint
      />
      <PasswordField
        id={`${id}-password`}
        field={register('password')}
        error={errors.password?.message}
        autoComplete="current-password"
        autoFocus={email !== ''}
      />
      <FormFailure>{failure?.kind === 'login' ? failure.message : null}</FormFailure>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        ) : null}
        {_('auth.login.submit')}
      </button>
      {isSubmitting ? (
        <p role="status" className="sr-only">
          {_('auth.login.signingIn')}
        </p>
      ) : null}
      <PasskeySignInButton onBusyChange={onBusyChange} />
    </form>
  );
}
