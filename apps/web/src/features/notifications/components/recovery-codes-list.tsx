import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';

/**
 * Recovery codes, shown once: the person writes them down or copies them, then closes the list.
 * The list takes the focus so a screen reader reads the warning and the codes first.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { _ } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus({ preventScroll: false }), []);
  const handleCopy = () => void navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="region"
      aria-labelledby="recovery-codes-heading"
      className="space-y-3 rounded-2xl border border-[var(--accent)] p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--accent)]"
    >
      <h3 id="recovery-codes-heading" className="font-semibold">
        {_('notifications.security.codesHeading')}
      </h3>
      <p className="text-sm">{_('notifications.security.codesOnce')}</p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={handleCopy}>
          {_('notifications.security.copyCodes')}
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          {_('notifications.security.codesSaved')}
        </button>
      </div>
    </div>
  );
}
