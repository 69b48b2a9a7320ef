import { useLingui } from '@lingui/react';
import { MailCheck, MailWarning, MailOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { linkToken } from '@/lib/link-token';
import { useCafeStatus } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { IconBadge } from '@/components/ui';
import { msgId } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { landingPath, paths } from '@/lib/paths';
import { useConfirmEmail } from '@/features/auth/api/confirm-email';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { linkFailureText } from '@/features/auth/lib/link-refusal';

/**
 * The server's refusals of a link, by what they say (docs/api.md "Confirming an e-mail address"):
 * each in the interface's language; any other refusal is shown as the server words it.
 */
const REFUSALS: [RegExp, string][] = [
  [/has expired/, msgId('auth.confirm.expired')],
  [/not valid, or it was used already/, msgId('auth.confirm.invalid')],
  [/^token: /, msgId('auth.confirm.malformed')],
];

/** A failure that may pass on its own (no connection, too many tries, the server away): worth a second try. */
function mayPass(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * /confirm-email#token=...: where the link of a confirmation mail leads. The token is sent once;
 * the outcome is told in a live region, with the way on: to sign in, or, for someone signed in
 * already, to the menu (where the banner offers a new link after a failure).
 */
export function ConfirmEmailRoute() {
  const { _ } = useLingui();
  const token = linkToken(useLocation());
  const me = useMe();
  const cafeStatus = useCafeStatus();
  const { mutate, status, data, error } = useConfirmEmail();
  // A link works once: its token is sent once, even when React runs the effect twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [mutate, token]);

  const pending = status === 'idle' || status === 'pending';
  const next = me
    ? { to: landingPath(me.role, cafeStatus, 'startup'), label: _('auth.confirm.toMenu') }
    : { to: paths.login, label: _('auth.confirm.signIn') };

  return (
    <AuthShell>
      <section className="card flex flex-col items-center gap-5 p-6 text-center" aria-labelledby="confirm-title">
        <IconBadge
          icon={status === 'success' ? MailCheck : status === 'error' ? MailWarning : MailOpen}
          tone={status === 'error' ? 'warning' : 'accent'}
        />
        <h1 id="confirm-title" className="text-2xl font-semibold">
          {_('auth.confirm.title')}
        </h1>
        {/* The outcome, read out when it arrives. */}
        <div role="status" className="w-full space-y-2 break-words" aria-busy={pending || undefined}>
          {pending ? (
            <p className="flex items-center justify-center gap-3">
              <span className="spinner" aria-hidden="true" />
              {_('auth.confirm.pending')}
            </p>
          ) : null}
          {status === 'success' ? (
            <>
              <p className="text-lg font-semibold text-[var(--success)]">{_('auth.confirm.confirmed')}</p>
              <p>{_('auth.confirm.confirmedBody', { email: data.email })}</p>
            </>
          ) : null}
          {status === 'error' ? (
            <>
              <p className="text-lg font-semibold">{_('auth.confirm.failedTitle')}</p>
              <p>{linkFailureText(error, REFUSALS)}</p>
              <p className="text-sm text-[var(--ink-muted)]">
                {me ? _('auth.confirm.newLinkSignedIn') : _('auth.confirm.newLinkSignIn')}
              </p>
            </>
          ) : null}
        </div>
        {pending ? null : (
          <div className="flex w-full flex-col gap-2">
            <Link to={next.to} className="btn-primary w-full">
              {next.label}
            </Link>
            {status === 'error' && mayPass(error) ? (
              <button type="button" className="btn-secondary w-full" onClick={() => mutate({ token })}>
                {_('auth.confirm.tryAgain')}
              </button>
            ) : null}
          </div>
        )}
      </section>
    </AuthShell>
  );
}
