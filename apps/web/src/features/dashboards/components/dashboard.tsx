import { STATS_PERIODS, type CategoryFor, type StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { ONE_SITE, type StatsSites } from '@/features/dashboards/api/get-stats-sites';
import { useStatsLive } from '@/features/dashboards/api/use-stats-live';
import { ALL_SITES_CSV } from '@/features/dashboards/lib/csv';
import { useNow } from '@/hooks/use-now';
import { cafeToday } from '@/lib/cafe-time';
import { msgId } from '@/i18n';
import { BarOfflinePeriod } from './bar-offline-period';
import { PeriodView } from './period-view';
import { SiteSelect } from './site-select';

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

/**
 * A venue's dashboard with the Today / This Week / This Month selector and, in a company of
 * several sites, the site selector (admins: every site together or one; baristas: one of theirs).
 * The route gives the sites (useStatsSites); without them the dashboard is that of one site.
 */
export function Dashboard({ venue, sites = ONE_SITE }: { venue: CategoryFor; sites?: StatsSites }) {
  const { _ } = useLingui();
  const role = useMe()?.role;
  // Bar orders are taken at the bar unless online bar ordering is on: say so, not an empty chart.
  const { barOnlineOrdering, cafeTimeZone } = useSettings();
  const barOffline = venue === 'bar' && !barOnlineOrdering;
  const [period, setPeriod] = useState<StatsPeriod>('today');
  const [chosenSiteId, setChosenSiteId] = useState<number | undefined>();
  // A site no longer offered (archived, or no longer the barista's) falls back to the default.
  const chosenSite = sites.choices.find((site) => site.id === chosenSiteId);
  const siteId = chosenSite?.id;
  // The site whose calendar the periods follow: the one chosen, or a barista's own.
  const shownSite = chosenSite ?? sites.ownSite;
  const siteName = sites.severalSites ? (shownSite?.name ?? (sites.canSeeAll ? ALL_SITES_CSV : '')) : undefined;
  // The periods move on by themselves at the site's midnight (every site together: the settings' zone).
  const today = cafeToday(shownSite?.timeZone ?? cafeTimeZone, useNow());
  useStatsLive(undefined, { siteId, today, severalSites: sites.severalSites });
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
      {sites.choices.length > 1 ? (
        <SiteSelect
          sites={sites.choices}
          canSeeAll={sites.canSeeAll}
          value={siteId}
          ownSite={sites.ownSite}
          onChange={setChosenSiteId}
        />
      ) : null}
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
              <BarOfflinePeriod period={p} today={today} siteId={siteId} siteName={siteName} />
            ) : (
              <PeriodView venue={venue} period={p} today={today} siteId={siteId} siteName={siteName} />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
