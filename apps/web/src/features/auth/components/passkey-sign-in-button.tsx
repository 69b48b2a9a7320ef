import { useLingui } from '@lingui/react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { passkeySignIn, passkeySignInOptions } from '@/features/auth/api/second-factor';
import { useSessionStart } from '@/features/auth/hooks/use-sign-in';
import { FormFailure } from './form-failure';

/**
 * "Sign in with a passkey": no e-mail, no password. The browser offers the passkeys it holds for
 * the cafe; one that verifies its person (fingerprint, face, PIN) signs in on its own.
 */
export function PasskeySignInButton({ onBusyChange }: { onBusyChange?: (busy: boolean) => void }) {
  const { _ } = useLingui();
  const startSession = useSessionStart();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!browserSupportsWebAuthn()) return null;

  const handleClick = async () => {
    setFailure(null);
    setBusy(true);
    onBusyChange?.(true);
    try {
      await startSession(async () => {
        const { token, options } = await passkeySignInOptions();
        const answer = await startAuthentication({ optionsJSON: options as never });
        return passkeySignIn(token, answer as unknown as Record<string, unknown>);
      });
    } catch (error) {
      logFailure('passkey sign-in failed', error);
      if (error instanceof Error && error.name === 'NotAllowedError')
        setFailure(_('auth.secondFactor.passkeyCancelled'));
      else if (isApiError(error, 'SECOND_FACTOR_FAILED')) setFailure(_('auth.passkey.unknown'));
      else setFailure(errorText(error) ?? _('auth.passkey.unknown'));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="space-y-2">
      <button type="button" className="btn-secondary w-full" disabled={busy} onClick={() => void handleClick()}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {_('auth.passkey.signIn')}
      </button>
      <FormFailure>{failure}</FormFailure>
    </div>
  );
}
