import { useId, type ButtonHTMLAttributes } from 'react';
import { OfflineReason } from '@/components/offline-banner';
import { useOffline } from '@/lib/connectivity';

/**
 * A page's button that needs the server (an export, a refresh): off while offline, with the reason
 * beside it and read with it, and busy while its request is out. A plain secondary button unless
 * told otherwise (a form's Save).
 */
export function ServerButton({
  busy,
  disabled,
  ...button
}: { busy: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const reasonId = useId();
  const offline = useOffline();
  return (
    <>
      <OfflineReason id={reasonId} />
      <button
        type="button"
        className="btn-secondary"
        {...button}
        disabled={offline || disabled}
        aria-busy={busy || undefined}
        aria-describedby={offline ? reasonId : undefined}
      />
    </>
  );
}
