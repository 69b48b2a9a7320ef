import { useLingui } from '@lingui/react';
import type { SecondFactorPending } from '@cafe/shared';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { completeSecondFactor, pendingPasskeyOptions } from '@/features/auth/api/second-factor';
import { useSessionStart } from '@/features/auth/hooks/use-sign-in';
import { FormFailure } from './form-failure';

type Pending = SecondFactorPending['secondFactor'];

/** How each kind of code is typed: the authenticator app's six digits, or a recovery code. */
const INPUTS = {
  code: {
    className: 'input tracking-widest',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    pattern: '[0-9]*',
    maxLength: 7,
  },
  recovery: { className: 'input', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 40 },
} as const;

/**
 * The sign-in's second step, after the right password: the person's passkey, a six-digit code of
 * their authenticator app, or one of their recovery codes. The server gives tokens only after one
 * of them verifies; a sign-in that ended (five wrong tries, five minutes) goes back to the password.
 */
export function SecondFactorStep({ pending, onRestart }: { pending: Pending; onRestart: () => void }) {
  const { _ } = useLingui();
  const id = useId();
  const startSession = useSessionStart();
  const hasTotp = pending.methods.includes('totp');
  const hasPasskey = pending.methods.includes('passkey') && browserSupportsWebAuthn();
  const [mode, setMode] = useState<'code' | 'recovery'>(hasTotp ? 'code' : 'recovery');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; ended: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const fail = (error: unknown) => {
    logFailure('second factor failed', error);
    const ended = isApiError(error, 'UNAUTHENTICATED');
    if (ended) setFailure({ message: _('auth.secondFactor.ended'), ended });
    else if (isApiError(error, 'SECOND_FACTOR_FAILED')) setFailure({ message: _('auth.secondFactor.wrong'), ended });
    else if (error instanceof Error && error.name === 'NotAllowedError') {
      setFailure({ message: _('auth.secondFactor.passkeyCancelled'), ended });
    } else setFailure({ message: errorText(error) ?? _('auth.secondFactor.wrong'), ended });
  };

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const handlePasskey = () =>
    run(async () => {
      const { options } = await pendingPasskeyOptions(pending.token);
      const answer = await startAuthentication({ optionsJSON: options as never });
      const passkey = answer as unknown as Record<string, unknown>;
      await startSession(() => completeSecondFactor({ token: pending.token, passkey }));
    });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) return;
    void run(() =>
      startSession(() =>
        completeSecondFactor(
          mode === 'code' ? { token: pending.token, code: typed } : { token: pending.token, recoveryCode: typed },
        ),
      ),
    );
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setFailure(null);
  };

  return (
    <div className="space-y-4" aria-busy={busy || undefined}>
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {_('auth.secondFactor.heading')}
      </h3>
      <p className="text-sm text-[var(--ink-muted)]">{_('auth.secondFactor.intro')}</p>
      {hasPasskey ? (
        <button type="button" className="btn-primary w-full" disabled={busy} onClick={() => void handlePasskey()}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {_('auth.secondFactor.usePasskey')}
        </button>
      ) : null}
      <form onSubmit={handleSubmit} noValidate className="space-y-3">
        <div>
          <label htmlFor={`${id}-value`} className="label">
            {mode === 'code' ? _('auth.secondFactor.codeLabel') : _('auth.secondFactor.recoveryLabel')}
          </label>
          <input
            id={`${id}-value`}
            {...INPUTS[mode]}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-describedby={`${id}-hint`}
            autoFocus={mode === 'code' && !hasPasskey}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-[var(--ink-muted)]">
            {mode === 'code' ? _('auth.secondFactor.codeHint') : _('auth.secondFactor.recoveryHint')}
          </p>
        </div>
        <FormFailure>{failure?.message}</FormFailure>
        {failure?.ended ? (
          <button type="button" className="btn-primary w-full" onClick={onRestart}>
            {_('auth.secondFactor.restart')}
          </button>
        ) : (
          <button type="submit" className={hasPasskey ? 'btn-secondary w-full' : 'btn-primary w-full'} disabled={busy}>
            {_('auth.secondFactor.verify')}
          </button>
        )}
      </form>
      {hasTotp ? (
        <button type="button" className="btn-ghost w-full" onClick={switchMode}>
          {mode === 'code' ? _('auth.secondFactor.useRecovery') : _('auth.secondFactor.useCode')}
        </button>
      ) : null}
      {busy ? (
        <p role="status" className="sr-only">
          {_('auth.login.signingIn')}
        </p>
      ) : null}
    </div>
  );
}
