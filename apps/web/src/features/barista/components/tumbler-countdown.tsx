import { useLingui } from '@lingui/react';
import { Timer } from 'lucide-react';
import { useNow } from '@/hooks/use-now';
import { tumblerCountdownText } from '@/features/barista/lib/counter';
import { secondsLeft, spokenMinutesLeft } from '@/lib/countdown';

/**
 * "Tumbler: 4:12 left", counting down each second to the instant the order is cancelled unless the
 * tumbler is found (on this device's clock). Screen readers hear it through a polite live region
 * that changes once a minute, not every second.
 */
export function TumblerCountdown({ deadline }: { deadline: string }) {
  const { _ } = useLingui();
  const seconds = secondsLeft(deadline, useNow(1000).getTime());
  return (
    <p className="inline-flex items-center gap-1 font-bold tabular-nums">
      <Timer aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span aria-hidden="true">{tumblerCountdownText(seconds)}</span>
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {_('barista.tumbler.spoken', { minutes: spokenMinutesLeft(seconds) })}
      </span>
    </p>
  );
}
