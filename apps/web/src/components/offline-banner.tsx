import { Trans, useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { offlineReason, useConnectivity } from '@/lib/connectivity';

/** A live channel that comes back within this long (a role change, a server restart) is not worth a banner. */
const RECONNECT_GRACE_MS = 3000;

/**
 * On every screen while the cafe cannot be reached: offline (the browser says so), or the live
 * channel lost for more than a moment. What shows is what was last seen; what needs the server
 * is disabled with the reason until the connection is back, and the screens read again then.
 */
export function OfflineBanner() {
  const online = useConnectivity((s) => s.online);
  const since = useConnectivity((s) => s.since);
  // The moment of being cut off whose grace has run out.
  const [graceOverFor, setGraceOverFor] = useState<number | null>(null);
  const graceOver = since !== null && graceOverFor === since;

  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setGraceOverFor(since), Math.max(0, since + RECONNECT_GRACE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);

  if (since === null || (online && !graceOver)) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="border-b border-[var(--warning)] bg-[var(--warning-soft)] px-4 py-2 text-center text-sm text-[var(--ink)]"
    >
      {online ? (
        <p>
          <Trans id="common.offline.reconnecting" components={{ 0: <strong className="font-semibold" /> }} />
        </p>
      ) : (
        <p>
          <Trans
            id="common.offline.offline"
            values={{ reason: offlineReason() }}
            components={{ 0: <strong className="font-semibold" /> }}
          />
        </p>
      )}
    </div>
  );
}

/**
 * The reason under a button that needs the server, while offline; give the button
 * `aria-describedby={id}` (only while offline) so it is read with the button.
 */
export function OfflineReason({ id, className }: { id: string; className?: string }) {
  useLingui();
  const online = useConnectivity((s) => s.online);
  if (online) return null;
  return (
    <p id={id} className={className ?? 'text-sm font-medium text-[var(--warning)]'}>
      {offlineReason()}
    </p>
  );
}
