import { periodRange, type CafeDay, type CategoryFor, type StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { ListOrdered } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useMe } from '@/api/me';
import { useOrdersByHour } from '@/features/dashboards/api/get-orders-by-hour';
import { useOrdersByWeekday } from '@/features/dashboards/api/get-orders-by-weekday';
import { usePopularMenu } from '@/features/dashboards/api/get-popular-menu';
import { usePreparationTime } from '@/features/dashboards/api/get-preparation-time';
import { useTotalOrders } from '@/features/dashboards/api/get-total-orders';
import { describePeriod } from '@/features/dashboards/lib/period';
import { busiestSummary, hourBars, preparationText, weekdayBars } from '@/features/dashboards/lib/chart-data';
import { downloadTextFile, rankingCsv, rankingFileName } from '@/features/dashboards/lib/csv';
import { BarChart } from './bar-chart';
import { CupsSaved } from './cups-saved';
import { DownloadButton } from './download-button';
import { PopularOptions } from './popular-options';
import { RankingTable } from './ranking-table';
import { StatCard } from './stat-card';
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

  const handleDownload = () => {
    if (!ranking.data) return;
    downloadTextFile(rankingFileName(venue, today, period), rankingCsv(ranking.data, siteName));
  };

  const prep = preparation.data ? preparationText(preparation.data) : null;
  const hours = hourBars(byHour.data ?? []);
  const weekdays = weekdayBars(byWeekday.data ?? []);

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

      <section aria-labelledby={`ranking-${period}`} className="card p-4">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id={`ranking-${period}`} className="text-lg font-semibold">
            {_('dashboards.ranking.title')}
          </h2>
          <DownloadButton
            label={_('dashboards.ranking.download')}
            onClick={handleDownload}
            disabled={!ranking.data || ranking.data.length === 0}
          />
        </div>
        {ranking.isPending ? (
          <LoadingBlock label={_('dashboards.ranking.loading')} />
        ) : ranking.isError ? (
          <ErrorState message={_('dashboards.ranking.error')} onRetry={() => void ranking.refetch()} />
        ) : ranking.data.length === 0 ? (
          <EmptyState icon={<ListOrdered className="h-7 w-7" />} title={_('dashboards.ranking.empty')} />
        ) : (
          <RankingTable rows={ranking.data} />
        )}
      </section>

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
        {byHour.isPending ? (
          <LoadingBlock className="card" label={_('dashboards.byHour.loading')} />
        ) : byHour.isError ? (
          <ErrorState className="card" message={_('dashboards.byHour.error')} onRetry={() => void byHour.refetch()} />
        ) : (
          <BarChart
            title={_('dashboards.byHour.title')}
            bars={hours}
            summary={busiestSummary(hours, _('dashboards.chart.noServed'))}
          />
        )}
        {byWeekday.isPending ? (
          <LoadingBlock className="card" label={_('dashboards.byWeekday.loading')} />
        ) : byWeekday.isError ? (
          <ErrorState
            className="card"
            message={_('dashboards.byWeekday.error')}
            onRetry={() => void byWeekday.refetch()}
          />
        ) : (
          <BarChart
            title={_('dashboards.byWeekday.title')}
            bars={weekdays}
            summary={busiestSummary(weekdays, _('dashboards.chart.noServed'))}
          />
        )}
      </div>
      <TimesByHour params={params} />
      <PrepTimes params={params} headingId={`prep-${period}`} />
      {isAdmin ? <LeftMostOften params={params} headingId={`left-most-${period}`} /> : null}
    </div>
  );
}
