import type { Venue } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Coffee, Martini, MoonStar, type LucideIcon } from 'lucide-react';
import { useSchedule } from '@/api/schedule';
import { useSettings } from '@/api/settings';
import { IconBadge, Spinner } from '@/components/ui';
import { useNextOpenings } from '@/hooks/use-next-openings';
import { weeklyHoursLine } from '@/lib/opening-hours';

const VENUE_ICONS: Record<Venue, LucideIcon> = { cafe: Coffee, bar: Martini };
const VENUES: readonly Venue[] = ['cafe', 'bar'];

/**
 * /close-all and /close-all-admin, "both closed": the hours of the cafe and the bar from the
 * schedule, and when each next opens. The layout's venue redirects move the person on by
 * themselves as soon as a venue opens; the hours follow the `schedule` event.
 */
export function CloseAllRoute() {
  const { _ } = useLingui();
  const { hours } = useSettings();
  const schedule = useSchedule();
  const next = useNextOpenings(VENUES);
  // Without the schedule (it could not be read), the specification's hours the server knows.
  const lines: Record<Venue, string> = schedule.data
    ? { cafe: weeklyHoursLine('cafe', schedule.data.weekly), bar: weeklyHoursLine('bar', schedule.data.weekly) }
    : { cafe: hours.cafe.label, bar: hours.bar.label };

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 py-10 text-center">
      <IconBadge icon={MoonStar} tone="accent" />
      <h1 className="text-2xl font-semibold">{_('shared.spec.closedAll')}</h1>
      {schedule.isPending ? (
        <Spinner label={_('info.closed.loadingHours')} />
      ) : (
        <>
          {next.length > 0 ? (
            <div className="space-y-1 text-lg" data-testid="next-opening">
              {next.map((sentence) => (
                <p key={sentence}>{_('info.closed.nextOpening', { sentence })}</p>
              ))}
            </div>
          ) : null}
          <ul
            className="card w-full divide-y divide-[var(--border)] text-left"
            aria-label={_('info.closed.hoursLabel')}
          >
            {VENUES.map((venue) => {
              const Icon = VENUE_ICONS[venue];
              return (
                <li key={venue} className="flex items-center gap-3 p-4">
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--accent)]" />
                  <span>{lines[venue]}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p className="text-sm text-[var(--ink-muted)]" aria-live="polite">
        {_('info.closed.movesOn')}
      </p>
    </section>
  );
}
