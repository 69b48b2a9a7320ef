import { periodRange, type CafeDay, type CategoryFor, type StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { ListOrdered } from 'lucide-react';
import { EmptyState } from '@/components/ui';
import { useMe } from '@/api/me';
import {
  useOrdersByHour,
  useOrdersByWeekday,
  usePopularMenu,
  usePreparationTime,
  useTotalOrders,
} from '@/features/dashboards/api/stats';
import { describePeriod } from '@/features/dashboards/lib/period';
import { busiestSummary, hourBars, preparationText, weekdayBars } from '@/features/dashboards/lib/chart-data';
import { csvFileName, rankingCsv } from '@/features/dashboards/lib/csv';
import { BarChart, type ChartBar } from './bar-chart';
import { CupsSaved } from './cups-saved';
import { PopularOptions } from './popular-options';
import { RankingTable } from './ranking-table';
import { StatCard } from './stat-card';
import { Answer, StatSection } from './stat-section';
import { PrepTimes } from './prep-times';
import { TimesByHour } from './times-by-hour';
import { LeftMostOften, NotCollectedBySite, NotCollectedCard } from './uncollected';

interface PeriodViewProps {
  venue: CategoryFor;
  period: StatsPeriod;
  today: CafeDay;
  /** One site; undefined: every site (admins) or the barista's own, as the server answers. */
  siteId?: number;
  /** The site the numbers are for, named in the download (a company of several sites only). */
  siteName?: string;
}

/** Everything the dashboard shows for one venue, one period and one site (or all of them). */
export function PeriodView({ venue, period, today, siteId, siteName }: PeriodViewProps) {
  const { _ } = useLingui();
  const isAdmin = useMe()?.role === 'admin';
  const params = { ...periodRange(period, today), categoryFor: venue, siteId };
  const total = useTotalOrders(params);
  const ranking = usePopularMenu(params);
  const byHour = useOrdersByHour(params);
  const byWeekday = useOrdersByWeekday(params);
  const preparation = usePreparationTime(params);

  const prep = preparation.data ? preparationText(preparation.data) : null;
  const hours = hourBars(byHour.data ?? []);
  const weekdays = weekdayBars(byWeekday.data ?? []);
  const busiest = (bars: ChartBar[]) => busiestSummary(bars, _('dashboards.chart.noServed'));

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label={_('dashboards.total.label')}
          loadingLabel={_('dashboards.total.loading')}
          value={total.data?.totalOrder}
          detail={describePeriod(params.startDate, params.endDate)}
          loading={total.isPending}
          error={total.isError}
        />
        <StatCard
          label={_('dashboards.preparation.label')}
          loadingLabel={_('dashboards.preparation.loading')}
          value={prep?.value}
          detail={prep?.detail}
          loading={preparation.isPending}
          error={preparation.isError}
        />
        <NotCollectedCard params={params} />
      </div>
      {isAdmin && siteId === undefined ? (
        <NotCollectedBySite params={params} headingId={`uncollected-sites-${period}`} />
      ) : null}

      <StatSection
        headingId={`ranking-${period}`}
        title={_('dashboards.ranking.title')}
        query={ranking}
        loadingLabel={_('dashboards.ranking.loading')}
        errorMessage={_('dashboards.ranking.error')}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState icon={<ListOrdered className="h-7 w-7" />} title={_('dashboards.ranking.empty')} />}
        download={{
          label: _('dashboards.ranking.download'),
          fileName: csvFileName(`${venue}-ranking`, today, period),
          csv: (rows) => rankingCsv(rows, siteName),
        }}
      >
        {(rows) => <RankingTable rows={rows} />}
      </StatSection>

      {venue === 'cafe' ? (
        <PopularOptions
          params={params}
          headingId={`options-${period}`}
          today={today}
          period={period}
          siteName={siteName}
        />
      ) : null}
      {/* Own tumblers are a cafe thing: a bar drink is served in the bar's glass. */}
      {venue === 'cafe' ? (
        <CupsSaved params={params} headingId={`cups-${period}`} today={today} period={period} siteName={siteName} />
      ) : null}

      <div className="grid gap-3 md:grid-cols-2">
        <Answer
          className="card"
          query={byHour}
          loadingLabel={_('dashboards.byHour.loading')}
          errorMessage={_('dashboards.byHour.error')}
        >
          {() => <BarChart title={_('dashboards.byHour.title')} bars={hours} summary={busiest(hours)} />}
        </Answer>
        <Answer
          className="card"
          query={byWeekday}
          loadingLabel={_('dashboards.byWeekday.loading')}
          errorMessage={_('dashboards.byWeekday.error')}
        >
          {() => <BarChart title={_('dashboards.byWeekday.title')} bars={weekdays} summary={busiest(weekdays)} />}
        </Answer>
      </div>
      <TimesByHour params={params} />
      <PrepTimes params={params} headingId={`prep-${period}`} />
      {isAdmin ? <LeftMostOften params={params} headingId={`left-most-${period}`} /> : null}
    </div>
  );
}
