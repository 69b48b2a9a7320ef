import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { linkToken } from '@/lib/link-token';
import { msgId } from '@/i18n';
import { resetPassword } from '@/features/auth/api/password-reset';
import { FormFailure } from '@/features/auth/components/form-failure';
import { linkFailureText } from '@/features/auth/lib/link-refusal';
import { PasswordField } from '@/features/auth/components/password-field';
import { PasswordResetCard } from '@/features/auth/components/password-reset-card';

/** The server's refusals of a link, by what they say, in the interface's language; any other as the server words it. */
const REFUSALS: [RegExp, string][] = [
  [/reset link has expired/, msgId('auth.reset.expired')],
  [/reset link is not valid/, msgId('auth.reset.invalid')],
];

/**
 * /reset-password#token=...: where the link of a reset mail leads. The new password is checked by
 * the server (too easy to guess: it says why); once set, every session of the person has ended and
 * they sign in with it.
 */
export function ResetPasswordRoute() {
  const { _ } = useLingui();
  const id = useId();
  const token = linkToken(useLocation());
  const { register, handleSubmit } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const reset = useMutation({ mutationFn: resetPassword });

  const handleValid = ({ password }: { password: string }) => reset.mutate({ token, password });

  return (
    <PasswordResetCard
      title={_('auth.reset.title')}
      back={reset.isSuccess ? _('auth.reset.signIn') : _('auth.reset.backToLogin')}
    >
      {reset.isSuccess ? (
        <p role="status">{_('auth.reset.done')}</p>
      ) : (
        <form
          onSubmit={(e) => void handleSubmit(handleValid)(e)}
          noValidate
          className="space-y-4"
          aria-busy={reset.isPending || undefined}
        >
          <PasswordField
            id={`${id}-password`}
            label={_('auth.reset.newPassword')}
            field={register('password')}
            autoComplete="new-password"
            hint={_('auth.reset.hint')}
          />
          <FormFailure>{reset.isError ? linkFailureText(reset.error, REFUSALS) : null}</FormFailure>
          <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
            {_('auth.reset.submit')}
          </button>
        </form>
      )}
    </PasswordResetCard>
  );
}
