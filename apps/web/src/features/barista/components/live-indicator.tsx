import { useLiveStatus } from '@/lib/socket';
import { cn } from '@/lib/cn';

/** Whether new orders arrive by themselves right now ("Live") or the connection is down. */
export function LiveIndicator() {
  const connected = useLiveStatus((s) => s.connected);
  return (
    <span
      role="status"
      className={cn(
        'inline-flex min-h-12 items-center gap-2 rounded-full px-4 text-sm font-semibold',
        connected ? 'bg-[var(--success-soft)] text-[var(--success)]' : 'bg-[var(--warning-soft)] text-[var(--warning)]',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'h-2.5 w-2.5 rounded-full',
          connected ? 'animate-pulse bg-[var(--success)]' : 'bg-[var(--warning)]',
        )}
      />
      {connected ? 'Live' : 'Reconnecting...'}
    </span>
  );
}
