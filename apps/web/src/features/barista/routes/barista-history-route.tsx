import { addDays, FINISHED_ORDER_STATUSES, MESSAGES } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useCallback } from 'react';
import { EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useLiveEvent, useOnReconnect } from '@/lib/socket';
import { baristaOrdersRootKey, useBaristaOrders } from '@/features/barista/api/get-barista-orders';
import { HistoryList } from '@/features/barista/components/history-list';
import { useCafeToday } from '@/hooks/use-cafe-today';

/** How far back the history reaches (a whole list of every order ever would only grow). */
const HISTORY_DAYS = 30;

/** /history: finished orders by day (SPEC "Barista history"). */
export function BaristaHistoryRoute() {
  const today = useCafeToday();
  const queryClient = useQueryClient();
  const history = useBaristaOrders(
    { status: FINISHED_ORDER_STATUSES, startDate: addDays(today, -HISTORY_DAYS) },
    { staleTime: 0 },
  );

  // Any finished, picked-up or canceled order changes the history: follow it live.
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey }),
    [queryClient],
  );
  useLiveEvent('orders', refresh);
  useOnReconnect(refresh);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="History" description={`Orders of the last ${HISTORY_DAYS} days, newest first.`} />
      {history.isPending ? (
        <LoadingBlock label="Loading history..." />
      ) : history.isError ? (
        <ErrorState
          message={`The history could not be loaded. ${history.error.message}`}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.length === 0 ? (
        <EmptyState icon={<History className="h-7 w-7" />} title={MESSAGES.noHistory} className="card" />
      ) : (
        <HistoryList orders={history.data} />
      )}
    </div>
  );
}
