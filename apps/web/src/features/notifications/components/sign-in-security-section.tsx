import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { FactorAdded, SecondFactor, TotpSetup } from '@cafe/shared';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { KeyRound, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { AlertMessage, LoadingBlock } from '@/components/ui';
import { HeadedSection } from '@/components/ui/headed-section';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import {
  addPasskey,
  passkeyEnrolOptions,
  totpSetup,
  useNewRecoveryCodes,
  useRefreshFactors,
  useRemoveFactor,
  useSecondFactors,
} from '@/features/notifications/api/second-factors';
import { PasswordAgainForm } from './password-again-form';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpSetupPanel } from './totp-setup-panel';

function wrongPasswordText(error: unknown, fallback: string): string {
  return isApiError(error, 'WRONG_PASSWORD') ? fallback : (errorText(error) ?? fallback);
}

/** The names the server gives a factor nobody named: "Passkey", "Passkey 2", "Authenticator app 3". */
const DEFAULT_NAMES: Record<SecondFactor['kind'], RegExp> = {
  passkey: /^Passkey(?: (\d+))?$/,
  totp: /^Authenticator app(?: (\d+))?$/,
};

/**
 * A factor as a person reads it, in their language: its kind alone ("Passkey", "Passkey 2") when
 * it has the name the server gives one nobody named, else its kind and its name ("Passkey: Work
 * laptop"), never "Passkey: Passkey".
 */
function factorLabel(factor: Pick<SecondFactor, 'kind' | 'name'>, _: I18n['_']): string {
  const kind = factor.kind === 'passkey' ? _('notifications.security.passkey') : _('notifications.security.app');
  const given = DEFAULT_NAMES[factor.kind].exec(factor.name.trim());
  if (given) return given[1] ? _('notifications.security.numbered', { kind, number: given[1] }) : kind;
  return _('notifications.security.named', { kind, name: factor.name });
}

/** One factor: its kind, name and dates, and Remove (the password asked again). */
function FactorRow({ factor }: { factor: SecondFactor }) {
  const { _, i18n } = useLingui();
  const label = factorLabel(factor, _);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveFactor();
  const Icon = factor.kind === 'passkey' ? KeyRound : Smartphone;
  const added = i18n.date(factor.createdAt, { dateStyle: 'medium' });
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{label}</p>
          <p className="text-sm text-[var(--ink-muted)]">{_('notifications.security.added', { date: added })}</p>
        </div>
        {removing ? null : (
          <button
            type="button"
            className="btn-secondary"
            aria-label={_('notifications.security.removeNamed', { name: label })}
            onClick={() => setRemoving(true)}
          >
            {_('notifications.security.remove')}
          </button>
        )}
      </div>
      {removing ? (
        <PasswordAgainForm
          action={_('notifications.security.remove')}
          busy={remove.isPending}
          error={remove.isError ? wrongPasswordText(remove.error, _('notifications.security.wrongPassword')) : null}
          onSubmit={(password) => remove.mutate({ id: factor.id, password }, { onSuccess: () => setRemoving(false) })}
          onCancel={() => {
            remove.reset();
            setRemoving(false);
          }}
        />
      ) : null}
    </li>
  );
}

/**
 * The profile's "Sign-in security": a passkey or an authenticator app as a second step after the
 * password, the recovery codes that stand in for them, and removing one (the password again). A
 * single sign-on account has nothing here: the company's sign-in asks its own second factor.
 */
export function SignInSecuritySection() {
  const { _ } = useLingui();
  const factors = useSecondFactors();
  const refresh = useRefreshFactors();
  const newCodes = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [askCodes, setAskCodes] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const handleAdded = (added: FactorAdded) => {
    setSetup(null);
    setDone(_('notifications.security.addedDone', { name: factorLabel(added.factor, _) }));
    if (added.recoveryCodes) setCodes(added.recoveryCodes);
    void refresh();
  };

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      logFailure('sign-in security change failed', failure);
      setError(
        failure instanceof Error && failure.name === 'NotAllowedError'
          ? _('notifications.security.passkeyCancelled')
          : (errorText(failure) ?? _('notifications.security.failed')),
      );
    } finally {
      setBusy(false);
    }
  };

  const handleAddPasskey = () =>
    run(async () => {
      const { token, options } = await passkeyEnrolOptions();
      const answer = await startRegistration({ optionsJSON: options as never });
      handleAdded(await addPasskey({ token, passkey: answer as unknown as Record<string, unknown> }));
    });

  const handleSetUpApp = () => run(async () => setSetup(await totpSetup()));

  let body;
  if (factors.isPending) body = <LoadingBlock label={_('notifications.security.loading')} />;
  else if (factors.isError) {
    // Quiet, not an alert: the rest of the profile works without it, and its own Try again stays the only one.
    body = (
      <div className="card space-y-3 p-4 sm:p-6">
        <p>{_('notifications.security.loadFailed')}</p>
        <button type="button" className="btn-secondary" onClick={() => void factors.refetch()}>
          {_('notifications.security.reload')}
        </button>
      </div>
    );
  } else if (!factors.data.hasPassword) {
    body = <p className="card p-4 sm:p-6">{_('notifications.security.sso')}</p>;
  } else {
    const list = factors.data;
    body = (
      <div className="card space-y-4 p-4 sm:p-6" aria-busy={busy || undefined}>
        {list.required && list.factors.length === 0 ? (
          <AlertMessage>{_('notifications.security.required')}</AlertMessage>
        ) : null}
        <p className="text-sm text-[var(--ink-muted)]">{_('notifications.security.intro')}</p>
        {list.factors.length === 0 ? (
          <p>{_('notifications.security.none')}</p>
        ) : (
          <ul className="divide-y divide-[var(--line)]" aria-label={_('notifications.security.listLabel')}>
            {list.factors.map((factor) => (
              <FactorRow key={factor.id} factor={factor} />
            ))}
          </ul>
        )}
        {codes ? <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} /> : null}
        {setup ? (
          <TotpSetupPanel setup={setup} onAdded={handleAdded} onCancel={() => setSetup(null)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            {browserSupportsWebAuthn() ? (
              <button type="button" className="btn-primary" disabled={busy} onClick={() => void handleAddPasskey()}>
                <KeyRound aria-hidden="true" className="h-4 w-4" />
                {_('notifications.security.addPasskey')}
              </button>
            ) : null}
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => void handleSetUpApp()}>
              <Smartphone aria-hidden="true" className="h-4 w-4" />
              {_('notifications.security.addApp')}
            </button>
          </div>
        )}
        {error ? (
          <p role="alert" className="field-error font-medium">
            {error}
          </p>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        {list.factors.length > 0 ? (
          <div className="space-y-2 border-t border-[var(--line)] pt-4">
            <p data-testid="recovery-codes-left">
              {_('notifications.security.codesLeft', { count: list.recoveryCodesLeft })}
            </p>
            {askCodes ? (
              <PasswordAgainForm
                action={_('notifications.security.newCodes')}
                busy={newCodes.isPending}
                error={
                  newCodes.isError ? wrongPasswordText(newCodes.error, _('notifications.security.wrongPassword')) : null
                }
                onSubmit={(password) =>
                  newCodes.mutate(password, {
                    onSuccess: ({ recoveryCodes }) => {
                      setAskCodes(false);
                      setCodes(recoveryCodes);
                    },
                  })
                }
                onCancel={() => {
                  newCodes.reset();
                  setAskCodes(false);
                }}
              />
            ) : (
              <button type="button" className="btn-secondary" onClick={() => setAskCodes(true)}>
                {_('notifications.security.newCodes')}
              </button>
            )}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <HeadedSection heading={_('notifications.security.heading')} className="mt-8" id="sign-in-security">
      {body}
    </HeadedSection>
  );
}
