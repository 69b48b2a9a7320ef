import { useLingui } from '@lingui/react';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { linkToken } from '@/lib/link-token';
import { IconBadge } from '@/components/ui';
import { msgId } from '@/i18n';
import { paths } from '@/lib/paths';
import { useResetPassword } from '@/features/auth/api/password-reset';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { linkFailureText } from '@/features/auth/lib/link-refusal';
import { PasswordField } from '@/features/auth/components/password-field';

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
  const reset = useResetPassword();

  const handleValid = ({ password }: { password: string }) => reset.mutate({ token, password });

  return (
    <AuthShell>
      <section className="card flex flex-col gap-5 p-6" aria-labelledby={`${id}-title`}>
        <IconBadge icon={KeyRound} tone="accent" />
        <h1 id={`${id}-title`} className="text-2xl font-semibold">
          {_('auth.reset.title')}
        </h1>
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
            {reset.isError ? (
              <p role="alert" className="field-error font-medium">
                {linkFailureText(reset.error, REFUSALS)}
              </p>
            ) : null}
            <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
              {_('auth.reset.submit')}
            </button>
          </form>
        )}
        <Link to={paths.login} className="font-medium text-[var(--accent)] underline">
          {reset.isSuccess ? _('auth.reset.signIn') : _('auth.reset.backToLogin')}
        </Link>
      </section>
    </AuthShell>
  );
}
