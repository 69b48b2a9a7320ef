import { useLingui } from '@lingui/react';
import type { FactorAdded, TotpSetup } from '@cafe/shared';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { addTotp } from '@/features/notifications/api/second-factors';
import { QrCode } from '@/components/qr-code';
import { OneFieldForm } from './password-again-form';

/**
 * Setting up an authenticator app: the QR code and the same secret as text (for an app on the same
 * phone), then the app's first code confirms it.
 */
export function TotpSetupPanel({
  setup,
  onAdded,
  onCancel,
}: {
  setup: TotpSetup;
  onAdded: (added: FactorAdded) => void;
  onCancel: () => void;
}) {
  const { _ } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (code: string) => {
    setError(null);
    setBusy(true);
    try {
      onAdded(await addTotp({ token: setup.token, code: code.trim() }));
    } catch (failure) {
      setError(
        isApiError(failure, 'SECOND_FACTOR_FAILED') || isApiError(failure, 'VALIDATION')
          ? _('notifications.security.codeWrong')
          : (errorText(failure) ?? _('notifications.security.codeWrong')),
      );
    } finally {
      setBusy(false);
    }
  };

  // The secret in groups of four, as apps show what they ask to be typed.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="space-y-3 rounded-2xl border border-[var(--line)] p-4">
      <h3 className="font-semibold">{_('notifications.security.appHeading')}</h3>
      <ol className="list-decimal space-y-3 pl-5 text-sm">
        <li>{_('notifications.security.appScan')}</li>
        <li>
          <QrCode value={setup.uri} label={_('notifications.security.appQr')} className="h-48 w-48" />
          <p className="mt-2">{_('notifications.security.appSecret')}</p>
          <code className="block font-mono text-base break-all" data-testid="totp-secret" data-secret={setup.secret}>
            {grouped}
          </code>
        </li>
        <li>{_('notifications.security.appConfirm')}</li>
      </ol>
      <OneFieldForm
        label={_('notifications.security.appCode')}
        action={_('notifications.security.appAdd')}
        busy={busy}
        error={error}
        ready={(code) => code.trim().length >= 6}
        onSubmit={(code) => void handleSubmit(code)}
        onCancel={onCancel}
        className="input tracking-widest"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
      />
    </div>
  );
}
