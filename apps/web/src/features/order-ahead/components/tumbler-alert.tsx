import { useLingui } from '@lingui/react';
import { AlertTriangle } from 'lucide-react';
import { useNow } from '@/hooks/use-now';
import { formatCountdown, secondsLeft, spokenMinutesLeft } from '@/lib/countdown';

/**
 * The barista could not find the tumbler: "Bring your tumbler to the counter: 4:12 left", counting
 * down each second to the moment the order is cancelled (this device's clock). Screen readers hear
 * it through a polite live region that changes once a minute, not every second.
 */
export function TumblerAlert({ deadline }: { deadline: string }) {
  const { _ } = useLingui();
  const seconds = secondsLeft(deadline, useNow(1000).getTime());
  return (
    <div className="flex items-start gap-2 rounded-xl border-2 border-[var(--warning)] bg-[var(--warning-soft)] p-3 text-[var(--ink)]">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--warning)]" />
      <div className="min-w-0">
        <p className="text-lg leading-6 font-bold tabular-nums" aria-hidden="true">
          {_('order.tumbler.countdown', { time: formatCountdown(seconds) })}
        </p>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {_('order.tumbler.spoken', { minutes: spokenMinutesLeft(seconds) })}
        </p>
        <p className="text-sm">{_('order.tumbler.missingHint')}</p>
      </div>
    </div>
  );
}
