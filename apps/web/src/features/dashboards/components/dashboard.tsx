import { STATS_PERIODS, type CategoryFor, type StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { useStatsLive } from '@/features/dashboards/api/use-stats-live';
import { useCafeToday } from '@/hooks/use-cafe-today';
import { msgId } from '@/i18n';
import { BarOfflinePeriod } from './bar-offline-period';
import { PeriodView } from './period-view';

const PERIOD_LABELS: Record<StatsPeriod, string> = {
  today: msgId('dashboards.period.today'),
  week: msgId('dashboards.period.week'),
  month: msgId('dashboards.period.month'),
};
const TITLES: Record<CategoryFor, string> = {
  cafe: msgId('dashboards.title.cafe'),
  bar: msgId('dashboards.title.bar'),
};

function isPeriod(value: string): value is StatsPeriod {
  return (STATS_PERIODS as readonly string[]).includes(value);
}

/** A venue's dashboard with the Today / This Week / This Month selector. */
export function Dashboard({ venue }: { venue: CategoryFor }) {
  const { _ } = useLingui();
  useStatsLive();
  const role = useMe()?.role;
  // Bar orders are taken at the bar unless online bar ordering is on: say so, not an empty chart.
  const { barOnlineOrdering } = useSettings();
  const barOffline = venue === 'bar' && !barOnlineOrdering;
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
        title={_(TITLES[venue])}
        actions={
          <Link to={otherPath} className="btn-secondary">
            {_(TITLES[other])}
          </Link>
        }
      />
      <Tabs.Root value={period} onValueChange={(value) => isPeriod(value) && setPeriod(value)}>
        <Tabs.List
          aria-label={_('dashboards.period.label')}
          className="mb-4 inline-flex rounded-2xl border border-[var(--border)] bg-[var(--surface-sunken)] p-1"
        >
          {STATS_PERIODS.map((p) => (
            <Tabs.Trigger
              key={p}
              value={p}
              className="min-h-11 rounded-xl px-3 text-sm font-semibold text-[var(--ink-muted)] transition-colors hover:text-[var(--ink)] data-[state=active]:bg-[var(--accent)] data-[state=active]:text-[var(--accent-ink)] data-[state=active]:shadow-sm sm:px-4"
            >
              {_(PERIOD_LABELS[p])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STATS_PERIODS.map((p) => (
          <Tabs.Content key={p} value={p} className="focus-visible:outline-none">
            {barOffline ? (
              <BarOfflinePeriod period={p} today={today} />
            ) : (
              <PeriodView venue={venue} period={p} today={today} />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
