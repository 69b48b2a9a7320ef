import { useLingui } from '@lingui/react';
import { AlertTriangle, Clock } from 'lucide-react';
import { msgId } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatAge, type AgeTone } from '@/features/barista/lib/ticket-age';

const TONES: Record<AgeTone, string> = {
  fresh: 'bg-[var(--surface-sunken)] text-[var(--ink)]',
  amber: 'bg-[var(--warning-soft)] text-[var(--warning)] ring-1 ring-[var(--warning)]',
  red: 'bg-[var(--danger)] text-[var(--surface-raised)]',
};

/** Words for screen readers: the colour alone must not carry the meaning. */
const SPOKEN: Record<AgeTone, string | null> = {
  fresh: null,
  amber: msgId('barista.age.gettingLate'),
  red: msgId('barista.age.late'),
};

/** How long ago the order was placed, amber and then red past the board's thresholds. */
export function TicketAge({ minutes, tone }: { minutes: number; tone: AgeTone }) {
  const { _ } = useLingui();
  const spoken = SPOKEN[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full px-1.5 text-sm leading-5 font-bold whitespace-nowrap tabular-nums',
        TONES[tone],
      )}
      title={_('barista.age.title')}
    >
      {tone === 'red' ? (
        <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
      ) : tone === 'amber' ? (
        <Clock aria-hidden="true" className="h-3.5 w-3.5" />
      ) : null}
      {formatAge(minutes)}
      {spoken ? <span className="sr-only">{_(spoken)}</span> : null}
    </span>
  );
}
