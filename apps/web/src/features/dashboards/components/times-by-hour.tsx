import { useLingui } from '@lingui/react';
import { ErrorState, LoadingBlock } from '@/components/ui';
import { useTimesByHour, type StatsParams } from '@/features/dashboards/api/stats';
import { longestSummary, timeBars } from '@/features/dashboards/lib/chart-data';
import { BarChart } from './bar-chart';

/**
 * Average wait (placed -> taken) and preparation (taken -> done) by the hour orders were placed:
 * when people wait long, and whether it is the queue or the making.
 */
export function TimesByHour({ params }: { params: StatsParams }) {
  const { _ } = useLingui();
  const times = useTimesByHour(params);
  if (times.isPending) return <LoadingBlock className="card" label={_('dashboards.times.loading')} />;
  if (times.isError) {
    return <ErrorState className="card" message={_('dashboards.times.error')} onRetry={() => void times.refetch()} />;
  }
  const waits = timeBars(times.data, 'averageWaitSeconds');
  const preps = timeBars(times.data, 'averagePrepSeconds');
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <BarChart
        title={_('dashboards.times.waitTitle')}
        bars={waits}
        summary={longestSummary(waits, 'wait')}
        valueHeading={_('dashboards.times.minutes')}
      />
      <BarChart
        title={_('dashboards.times.preparationTitle')}
        bars={preps}
        summary={longestSummary(preps, 'preparation')}
        valueHeading={_('dashboards.times.minutes')}
      />
    </div>
  );
}
