import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { LIMITS, RegisterBodySchema, type RegisterBody } from '@cafe/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useSettings } from '@/api/settings';
import { AlertMessage } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorText, ruleTextOf } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { createAccount } from '@/features/auth/api/register';
import { useCompanyDomainCheck } from '@/features/auth/hooks/use-company-domain-check';
import { registeredState } from '@/features/auth/lib/navigation-state';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { logFailure } from '@/lib/log-failure';

type Failure = { kind: 'domain'; message: string; email: string } | { kind: 'failed'; reason: string | null };

/**
 * The registration form: name (at most 20), e-mail in the company domain, password; all required. Checked as the
 * person types once a field has been left (or the form sent): the wrong-domain alert goes as soon
 * as the e-mail is corrected, and a name past the limit is refused with the shared message rather
 * than cut without a word. Where the deployment confirms addresses (the settings'
 * `emailConfirmation`), the sign-in screen then says where the link went instead of the
 * specification's "create succeed", which stays word for word everywhere else.
 */
export function RegisterForm() {
  const { _ } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const checkDomain = useCompanyDomainCheck();
  const { emailConfirmation } = useSettings();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isSubmitted, touchedFields },
  } = useForm<z.input<typeof RegisterBodySchema>, unknown, RegisterBody>({
    resolver: zodResolver(RegisterBodySchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const name = useWatch({ control, name: 'name' });
  // The domain rule, on the e-mail as it is now: the alert follows every correction.
  const emailChecked = (touchedFields.email || isSubmitted) && email.trim() !== '' && !errors.email;
  const domainAlert =
    (emailChecked ? checkDomain(email) : null) ??
    (failure?.kind === 'domain' && failure.email === email ? failure.message : null);

  // A name past the limit is refused at once, with the contract's own message.
  const nameError = ruleTextOf(
    errors.name?.message ??
      (name.trim().length > LIMITS.displayNameMax
        ? RegisterBodySchema.shape.name.safeParse(name).error?.issues[0]?.message
        : undefined),
  );

  const handleValid = async (body: RegisterBody) => {
    setFailure(null);
    if (checkDomain(body.email)) return;
    try {
      const user = await createAccount(body);
      // The sign-in form then has the new address filled in.
      const state = registeredState(user.email, emailConfirmation === true);
      if (!emailConfirmation) toast.success(_('shared.spec.registerSucceeded'));
      await navigate(paths.login, { state });
    } catch (error) {
      logFailure('registration failed', error);
      if (isApiError(error, 'EMAIL_DOMAIN')) {
        setFailure({ kind: 'domain', message: errorText(error) ?? error.message, email: body.email });
      } else setFailure({ kind: 'failed', reason: isApiError(error) ? (errorText(error) ?? null) : null });
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(handleValid)(e)} noValidate className="space-y-4">
      {domainAlert ? <AlertMessage>{domainAlert}</AlertMessage> : null}
      {failure?.kind === 'failed' ? (
        <AlertMessage>
          <p className="font-semibold">{_('shared.spec.registerFailed')}</p>
          {failure.reason ? <p>{failure.reason}</p> : null}
        </AlertMessage>
      ) : null}
      <div>
        <label htmlFor={`${id}-name`} className="label">
          {_('auth.field.name')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          autoComplete="name"
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : `${id}-name-hint`}
          {...register('name')}
        />
        {nameError ? (
          <p id={`${id}-name-error`} className="field-error">
            {nameError}
          </p>
        ) : (
          <p id={`${id}-name-hint`} className="mt-1 text-sm text-[var(--ink-muted)]">
            {_('auth.register.nameHint', { max: LIMITS.displayNameMax, used: name.trim().length })}
          </p>
        )}
      </div>
      <EmailField id={`${id}-email`} field={register('email')} error={errors.email?.message} companyHint />
      <PasswordField
        id={`${id}-password`}
        field={register('password')}
        error={errors.password?.message}
        autoComplete="new-password"
        hint={_('auth.register.passwordHint', { min: LIMITS.passwordMin })}
      />
      <div className="flex flex-col gap-2 pt-2 sm:flex-row-reverse">
        <button type="submit" className="btn-primary flex-1" disabled={isSubmitting}>
          {isSubmitting ? (
            <span
              aria-hidden="true"
              className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : null}
          {_('auth.register.submit')}
        </button>
        <Link to={paths.login} className="btn-secondary flex-1">
          {_('auth.register.backToLogin')}
        </Link>
      </div>
    </form>
  );
}
