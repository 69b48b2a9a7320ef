import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MESSAGES, RegisterBodySchema, type RegisterBody } from '@cafe/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AlertMessage } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useRegister } from '@/features/auth/api/register';
import { useCompanyDomainCheck } from '@/features/auth/hooks/use-company-domain-check';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';

type Failure = { kind: 'domain'; message: string } | { kind: 'failed'; reason: string | null };

/** The registration form (SPEC "Registration"): name, e-mail, password; all required. */
export function RegisterForm() {
  const id = useId();
  const navigate = useNavigate();
  const registerUser = useRegister();
  const checkDomain = useCompanyDomainCheck();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof RegisterBodySchema>, unknown, RegisterBody>({
    resolver: zodResolver(RegisterBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const handleValid = async (body: RegisterBody) => {
    setFailure(null);
    const domainAlert = checkDomain(body.email);
    if (domainAlert) {
      setFailure({ kind: 'domain', message: domainAlert });
      return;
    }
    try {
      await registerUser.mutateAsync(body);
      toast.success(MESSAGES.registerSucceeded);
      await navigate(paths.login);
    } catch (error) {
      console.error('registration failed', error);
      if (isApiError(error, 'EMAIL_DOMAIN')) setFailure({ kind: 'domain', message: error.message });
      else setFailure({ kind: 'failed', reason: isApiError(error) ? error.message : null });
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(handleValid)(e)} noValidate className="space-y-4">
      {failure?.kind === 'domain' ? <AlertMessage>{failure.message}</AlertMessage> : null}
      {failure?.kind === 'failed' ? (
        <AlertMessage>
          <p className="font-semibold">{MESSAGES.registerFailed}</p>
          {failure.reason ? <p>{failure.reason}</p> : null}
        </AlertMessage>
      ) : null}
      <div>
        <label htmlFor={`${id}-name`} className="label">
          Name
        </label>
        <input
          id={`${id}-name`}
          className="input"
          autoComplete="name"
          required
          maxLength={LIMITS.displayNameMax}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : `${id}-name-hint`}
          {...register('name')}
        />
        {errors.name ? (
          <p id={`${id}-name-error`} className="field-error">
            {errors.name.message}
          </p>
        ) : (
          <p id={`${id}-name-hint`} className="mt-1 text-sm text-[var(--ink-muted)]">
            Up to {LIMITS.displayNameMax} characters; the baristas call you by it.
          </p>
        )}
      </div>
      <EmailField id={`${id}-email`} field={register('email')} error={errors.email?.message} />
      <PasswordField
        id={`${id}-password`}
        field={register('password')}
        error={errors.password?.message}
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
      />
      <div className="flex flex-col gap-2 pt-2 sm:flex-row-reverse">
        <button type="submit" className="btn-primary flex-1" disabled={isSubmitting}>
          {isSubmitting ? (
            <span
              aria-hidden="true"
              className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : null}
          Create new user
        </button>
        <Link to={paths.login} className="btn-secondary flex-1">
          Back to Login
        </Link>
      </div>
    </form>
  );
}
