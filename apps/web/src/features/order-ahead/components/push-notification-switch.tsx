import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useSettings } from '@/api/settings';
import { Switch } from '@/components/ui';
import {
  currentSubscription,
  disablePush,
  enablePush,
  isPushSupported,
  notificationPermission,
  saveSubscription,
} from '@/features/order-ahead/lib/web-push';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';

/**
 * "Notify me when my drink is ready": Web Push for a phone that is locked or a tab in the
 * background. Shown where the browser can receive push messages and the server offers them.
 */
export function PushNotificationSwitch() {
  const { _ } = useLingui();
  const publicKey = useSettings().webPushPublicKey;
  const [browserSupport] = useState(isPushSupported);
  const supported = browserSupport && publicKey !== null;
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(supported);
  const [blocked, setBlocked] = useState(() => supported && notificationPermission() === 'denied');

  useEffect(() => {
    if (!supported) return;
    let live = true;
    (async () => {
      const subscription = await currentSubscription();
      if (!live) return;
      setEnabled(subscription !== null);
      setBusy(false);
      // The browser may have been subscribed under another account: it belongs to whoever is signed in now.
      if (subscription) await saveSubscription(subscription);
    })().catch((error: unknown) => {
      console.error('push subscription check failed', error);
      if (live) setBusy(false);
    });
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported || publicKey === null) return null;

  const handleChange = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const permission = await enablePush(publicKey);
        setBlocked(permission === 'denied');
        setEnabled(permission === 'granted');
      } else {
        await disablePush();
        setEnabled(false);
      }
    } catch (error) {
      logFailure('push switch failed', error);
      toast.error(on ? _('order.push.turnOnFailed') : _('order.push.turnOffFailed'), {
        description: errorText(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-1">
      <Switch
        checked={enabled}
        onCheckedChange={(on) => void handleChange(on)}
        label={_('order.push.label')}
        disabled={busy || (blocked && !enabled)}
      />
      {blocked && !enabled && <p className="text-sm text-[var(--ink-muted)]">{_('order.push.blocked')}</p>}
    </div>
  );
}
