import { useLingui } from '@lingui/react';
import { useConnectivity } from '@/lib/connectivity';
import { useLiveStatus } from '@/lib/socket';
import { cn } from '@/lib/cn';

/** A small dot telling whether live updates are arriving. */
export function LiveIndicator({ showText }: { showText?: boolean }) {
  const { _ } = useLingui();
  // The browser's word counts too: a socket may not have noticed yet that the network is gone.
  const socketConnected = useLiveStatus((s) => s.connected);
  const online = useConnectivity((s) => s.online);
  const connected = socketConnected && online;
  const text = connected ? _('common.live.on') : _('common.live.off');
  return (
    <span
      role="status"
      title={text}
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-xs text-[var(--ink-muted)]"
    >
      <span
        aria-hidden="true"
        className={cn(
          'h-2.5 w-2.5 rounded-full',
          connected ? 'bg-[var(--success)] shadow-[0_0_0_3px_var(--success-soft)]' : 'bg-[var(--warning)]',
        )}
      />
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className={showText ? 'inline' : 'hidden xl:inline'}>
        {connected ? _('common.live.short') : _('common.live.offline')}
      </span>
    </span>
  );
}
