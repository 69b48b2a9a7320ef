import { periodRange, type CafeDay, type CategoryFor, type StatsPeriod } from '@cafe/shared';
import { Download, ListOrdered } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useOrdersByHour } from '@/features/dashboards/api/get-orders-by-hour';
import { useOrdersByWeekday } from '@/features/dashboards/api/get-orders-by-weekday';
import { usePopularMenu } from '@/features/dashboards/api/get-popular-menu';
import { usePreparationTime } from '@/features/dashboards/api/get-preparation-time';
import { useTotalOrders } from '@/features/dashboards/api/get-total-orders';
import { describePeriod } from '@/features/dashboards/lib/period';
import { busiestSummary, hourBars, preparationText, weekdayBars } from '@/features/dashboards/lib/chart-data';
import { downloadTextFile, rankingCsv, rankingFileName } from '@/features/dashboards/lib/csv';
import { BarChart } from './bar-chart';
import { RANKING_TITLE, RankingTable } from './ranking-table';
import { StatCard } from './stat-card';

interface PeriodViewProps {
  venue: CategoryFor;
  period: StatsPeriod;
  today: CafeDay;
}

/** Everything the dashboard shows for one venue and one period. */
export function PeriodView({ venue, period, today }: PeriodViewProps) {
  const params = { ...periodRange(period, today), categoryFor: venue };
  const total = useTotalOrders(params);
  const ranking = usePopularMenu(params);
  const byHour = useOrdersByHour(params);
  const byWeekday = useOrdersByWeekday(params);
  const preparation = usePreparationTime(params);

  const handleDownload = () => {
    if (!ranking.data) return;
    downloadTextFile(rankingFileName(venue, today, period), rankingCsv(ranking.data));
  };

  const prep = preparation.data ? preparationText(preparation.data) : null;
  const hours = hourBars(byHour.data ?? []);
  const weekdays = weekdayBars(byWeekday.data ?? []);

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatCard
          label="Total orders"
          value={total.data?.totalOrder}
          detail={describePeriod(params.startDate, params.endDate)}
          loading={total.isPending}
          error={total.isError}
        />
        <StatCard
          label="Average preparation time"
          value={prep?.value}
          detail={prep?.detail}
          loading={preparation.isPending}
          error={preparation.isError}
        />
      </div>

      <section aria-labelledby={`ranking-${period}`} className="card p-4">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id={`ranking-${period}`} className="text-lg font-semibold">
            {RANKING_TITLE}
          </h2>
          <button
            type="button"
            className="btn-secondary"
            onClick={handleDownload}
            disabled={!ranking.data || ranking.data.length === 0}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download CSV
          </button>
        </div>
        {ranking.isPending ? (
          <LoadingBlock label="Loading ranking..." />
        ) : ranking.isError ? (
          <ErrorState message="Could not load the ranking." onRetry={() => void ranking.refetch()} />
        ) : ranking.data.length === 0 ? (
          <EmptyState icon={<ListOrdered className="h-7 w-7" />} title="No served orders in this period" />
        ) : (
          <RankingTable rows={ranking.data} />
        )}
      </section>

      <div className="grid gap-3 md:grid-cols-2">
        {byHour.isPending ? (
          <LoadingBlock className="card" label="Loading orders by hour..." />
        ) : byHour.isError ? (
          <ErrorState className="card" message="Could not load orders by hour." onRetry={() => void byHour.refetch()} />
        ) : (
          <BarChart
            title="Orders by hour of day"
            bars={hours}
            summary={busiestSummary(hours, 'No served orders in this period.')}
          />
        )}
        {byWeekday.isPending ? (
          <LoadingBlock className="card" label="Loading orders by weekday..." />
        ) : byWeekday.isError ? (
          <ErrorState
            className="card"
            message="Could not load orders by weekday."
            onRetry={() => void byWeekday.refetch()}
          />
        ) : (
          <BarChart
            title="Orders by weekday"
            bars={weekdays}
            summary={busiestSummary(weekdays, 'No served orders in this period.')}
          />
        )}
      </div>
    </div>
  );
}
