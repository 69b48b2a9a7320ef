import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { formatDuration, useConnectivity } from '@/lib/connectivity';
import { useLiveStatus } from '@/lib/socket';
import { cn } from '@/lib/cn';

interface LiveIndicatorProps {
  /** The board is being read again after a reconnect or a sleep: it may be behind until then. */
  catchingUp?: boolean;
  /** The last read of the board failed: what shows may be out of date. */
  stale?: boolean;
}

/**
 * Whether new orders arrive by themselves right now. "Live" only while the connection is up and
 * the board has caught up with what it may have missed; otherwise it says what is wrong, so the
 * board never looks live when it is not.
 */
export function LiveIndicator({ catchingUp = false, stale = false }: LiveIndicatorProps) {
  const { _ } = useLingui();
  // The browser's word counts too: a socket may not have noticed yet that the network is gone.
  const socketConnected = useLiveStatus((s) => s.connected);
  const online = useConnectivity((s) => s.online);
  const connected = socketConnected && online;
  const since = useConnectivity((s) => s.since);
  const state = !connected ? 'offline' : stale ? 'stale' : catchingUp ? 'catching-up' : 'live';
  const [text, why] = {
    live: [_('barista.live.live'), _('barista.live.liveWhy')],
    'catching-up': [_('barista.live.catchingUp'), _('barista.live.catchingUpWhy')],
    stale: [_('barista.live.stale'), _('barista.live.staleWhy')],
    offline: [_('barista.live.reconnecting'), _('barista.live.reconnectingWhy')],
  }[state];
  return (
    <>
      <span
        role="status"
        title={why}
        data-live-state={state}
        className={cn(
          'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold',
          state === 'live'
            ? 'bg-[var(--success-soft)] text-[var(--success)]'
            : 'bg-[var(--warning-soft)] text-[var(--warning)]',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'h-2.5 w-2.5 rounded-full',
            state === 'live' ? 'animate-pulse bg-[var(--success)]' : 'bg-[var(--warning)]',
          )}
        />
        {text}
      </span>
      {since !== null ? <DisconnectedFor key={since} since={since} /> : null}
    </>
  );
}

/** "Disconnected for 1 min 20 s", ticking: how long the board has been without its live orders (keyed by `since`). */
export function DisconnectedFor({ since }: { since: number }) {
  const { _ } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span role="timer" className="text-sm font-semibold text-[var(--ink)] tabular-nums">
      {_('barista.live.disconnectedFor', { duration: formatDuration(now - since) })}
    </span>
  );
}
