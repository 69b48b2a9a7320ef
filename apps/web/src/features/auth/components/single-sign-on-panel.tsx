import { useLingui } from '@lingui/react';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { AlertMessage } from '@/components/ui';
import { loadNamespaces } from '@/i18n';

/**
 * The sign-in screen's single sign-on part: "Sign in with <provider>" when the deployment has one,
 * and the refusal a sign-in brought back. Loaded only when there is either, so the start-up of
 * offices without single sign-on does not carry it.
 *
 * The button asks the server where the company's identity provider signs people in (the answer
 * also sets the attempt's cookie) and goes there. A provider that cannot be reached is said at
 * once, on this screen.
 */
export function SingleSignOnPanel({
  name,
  error,
  onError,
}: {
  name?: string;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const { _ } = useLingui();
  const [starting, setStarting] = useState(false);

  const handleClick = async () => {
    onError(null);
    setStarting(true);
    try {
      // The contract's schemas load on the tap: the sign-in screen is part of the start-up.
      const { startSingleSignOn } = await import('@/features/auth/api/sso');
      const { authorizationUrl } = await startSingleSignOn();
      window.location.assign(authorizationUrl);
    } catch (error) {
      setStarting(false);
      console.error('single sign-on could not start', error);
      const [{ refusalOr }] = await Promise.all([import('@/lib/error-text'), loadNamespaces(['shared', 'people'])]);
      onError(refusalOr(error, _('auth.sso.startFailed')));
    }
  };

  return (
    <>
      {name ? (
        <button
          type="button"
          className="btn-secondary w-full"
          disabled={starting}
          aria-busy={starting || undefined}
          onClick={() => void handleClick()}
        >
          {starting ? (
            <span className="spinner h-4 w-4" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" className="h-5 w-5" />
          )}
          {_('auth.sso.signInWith', { name })}
        </button>
      ) : null}
      {error ? <AlertMessage>{error}</AlertMessage> : null}
    </>
  );
}
