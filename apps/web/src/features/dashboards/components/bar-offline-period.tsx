import { periodRange, type CafeDay, type StatsPeriod } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Martini } from 'lucide-react';
import { EmptyState, LoadingBlock } from '@/components/ui';
import { useTotalOrders } from '@/features/dashboards/api/stats';
import { PeriodView } from './period-view';

/**
 * One period of the bar dashboard while online bar ordering is off: the reason instead of empty
 * charts (settings.barOnlineOrdering: bar drinks are ordered at the bar, so they are not counted); the
 * usual view when there are bar orders after all (entered by a barista at the counter).
 */
export function BarOfflinePeriod({
  period,
  today,
  siteId,
  siteName,
}: {
  period: StatsPeriod;
  today: CafeDay;
  siteId?: number;
  siteName?: string;
}) {
  const { _ } = useLingui();
  const total = useTotalOrders({ ...periodRange(period, today), categoryFor: 'bar', siteId });
  if (total.data && total.data.totalOrder > 0) {
    return <PeriodView venue="bar" period={period} today={today} siteId={siteId} siteName={siteName} />;
  }
  if (total.isPending) return <LoadingBlock label={_('dashboards.barOffline.loading')} />;
  return (
    <EmptyState
      className="card"
      icon={<Martini className="h-7 w-7" />}
      title={_('dashboards.barOffline.title')}
      description={_('dashboards.barOffline.description')}
    />
  );
}
