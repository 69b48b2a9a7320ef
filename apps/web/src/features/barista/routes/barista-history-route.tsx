import { useLingui } from '@lingui/react';
import type { Order } from '@cafe/shared';
import { History } from 'lucide-react';
import { useCallback, useState } from 'react';
import { StaffSiteSwitch } from '@/components/staff-site-switch';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useBaristaHistory } from '@/features/barista/api/get-barista-history';
import { HistoryList } from '@/features/barista/components/history-list';
import { LoadMore } from '@/features/barista/components/load-more';
import { OrderTimelineDialog } from '@/features/barista/components/order-timeline-dialog';
import { useHistoryLive } from '@/features/barista/hooks/use-history-live';
import { historyDayTotals, historyOrders } from '@/features/barista/lib/history';

/**
 * /history: finished orders by day, newest first, each day with its "Total Order:", a page at a time: the
 * next page loads as the list's end scrolls into view, or with the "Load more" button. Each entry
 * opens the order's timeline (and its undo while the window lasts).
 */
export function BaristaHistoryRoute() {
  const { _ } = useLingui();
  const history = useBaristaHistory();
  useHistoryLive();
  const [timelineOrder, setTimelineOrder] = useState<Order | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  const handleLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const pages = history.data?.pages ?? [];
  const orders = historyOrders(pages);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={_('barista.history.title')} description={_('barista.history.description')} />
      <StaffSiteSwitch className="-mt-2 max-w-xs" />
      {history.isPending ? (
        <LoadingBlock label={_('barista.history.loading')} />
      ) : history.isError && pages.length === 0 ? (
        <ErrorState
          message={_('barista.history.loadFailed', { reason: errorText(history.error) ?? '' })}
          onRetry={() => void history.refetch()}
        />
      ) : orders.length === 0 ? (
        <EmptyState icon={<History className="h-7 w-7" />} title={_('shared.spec.noHistory')} className="card" />
      ) : (
        <>
          <HistoryList orders={orders} totals={historyDayTotals(pages)} onShowTimeline={setTimelineOrder} />
          <LoadMore
            hasMore={hasNextPage}
            loading={isFetchingNextPage}
            failed={history.isFetchNextPageError}
            onLoadMore={handleLoadMore}
          />
        </>
      )}
      <OrderTimelineDialog order={timelineOrder} onClose={() => setTimelineOrder(null)} />
    </div>
  );
}
