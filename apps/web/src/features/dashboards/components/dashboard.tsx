import { STATS_PERIODS, type CategoryFor, type StatsPeriod } from '@cafe/shared';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { useStatsLive } from '@/features/dashboards/api/use-stats-live';
import { useCafeToday } from '@/hooks/use-cafe-today';
import { PeriodView } from './period-view';

const PERIOD_LABELS: Record<StatsPeriod, string> = { today: 'Today', week: 'This Week', month: 'This Month' };
const TITLES: Record<CategoryFor, string> = { cafe: 'Dashboard for Cafe', bar: 'Dashboard for Bar' };

function isPeriod(value: string): value is StatsPeriod {
  return (STATS_PERIODS as readonly string[]).includes(value);
}

/** A venue's dashboard with the Today / This Week / This Month selector. */
export function Dashboard({ venue }: { venue: CategoryFor }) {
  useStatsLive();
  const role = useMe()?.role;
  const [period, setPeriod] = useState<StatsPeriod>('today');
  // The periods move on by themselves at the cafe's midnight.
  const today = useCafeToday();
  const other: CategoryFor = venue === 'cafe' ? 'bar' : 'cafe';
  const otherPath =
    role === 'admin'
      ? other === 'cafe'
        ? paths.admin.dashboard
        : paths.admin.dashboardBar
      : other === 'cafe'
        ? paths.barista.dashboardCafe
        : paths.barista.dashboardBar;

  return (
    <section>
      <PageHeader
        title={TITLES[venue]}
        actions={
          <Link to={otherPath} className="btn-secondary">
            {TITLES[other]}
          </Link>
        }
      />
      <Tabs.Root value={period} onValueChange={(value) => isPeriod(value) && setPeriod(value)}>
        <Tabs.List
          aria-label="Period"
          className="mb-4 inline-flex rounded-2xl border border-[var(--border)] bg-[var(--surface-sunken)] p-1"
        >
          {STATS_PERIODS.map((p) => (
            <Tabs.Trigger
              key={p}
              value={p}
              className="min-h-11 rounded-xl px-3 text-sm font-semibold text-[var(--ink-muted)] transition-colors hover:text-[var(--ink)] data-[state=active]:bg-[var(--accent)] data-[state=active]:text-[var(--accent-ink)] data-[state=active]:shadow-sm sm:px-4"
            >
              {PERIOD_LABELS[p]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STATS_PERIODS.map((p) => (
          <Tabs.Content key={p} value={p} className="focus-visible:outline-none">
            <PeriodView venue={venue} period={p} today={today} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
