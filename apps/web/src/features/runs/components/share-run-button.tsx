import type { Run } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPickupTime } from '@/lib/cafe-time';
import { paths } from '@/lib/paths';

type Outcome = 'copied' | 'manual' | null;

/**
 * "Share": the phone's share sheet (navigator.share) puts the run's link into LINE, Teams or Slack;
 * where there is none, the link is copied, and said so. Where copying is refused too (a page
 * served without https), the link is shown to copy by hand.
 */
export function ShareRunButton({ run, timeZone }: { run: Run; timeZone: string }) {
  const { _ } = useLingui();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const url = new URL(paths.run(run.id), window.location.origin).href;

  const handleShare = async () => {
    setOutcome(null);
    if (typeof navigator.share === 'function') {
      const title = _('runs.share.title', { place: run.place, time: formatPickupTime(run.pickupAt, timeZone) });
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('manual');
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn-secondary" onClick={() => void handleShare()}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {_('runs.share.button')}
      </button>
      <p role="status" aria-live="polite" className="text-sm font-medium text-[var(--success)]">
        {outcome === 'copied' ? _('runs.share.copied') : null}
      </p>
      {outcome === 'manual' ? (
        <div>
          <label htmlFor={`${id}-link`} className="label">
            {_('runs.share.copyByHand')}
          </label>
          <input
            id={`${id}-link`}
            className="input"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
    </div>
  );
}
