import { addDays, shopModeOf, TO_MAKE_ORDER_STATUSES } from '@cafe/shared';
import { DoorClosed } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCafeStatusQuery } from '@/api/cafe-status';
import { ErrorState, PageHeader, Spinner } from '@/components/ui';
import { useBaristaOrders } from '@/features/barista/api/get-barista-orders';
import { ChimeToggle } from '@/features/barista/components/chime-toggle';
import { CocktailGlass } from '@/features/barista/components/cocktail-glass';
import { LiveIndicator } from '@/features/barista/components/live-indicator';
import { OrderBoard } from '@/features/barista/components/order-board';
import { ShopStatusControl } from '@/features/barista/components/shop-status-control';
import { useBoardLive } from '@/features/barista/hooks/use-board-live';
import { useCafeToday } from '@/hooks/use-cafe-today';
import { activeOrders, canChangeShopStatus } from '@/features/barista/lib/shop-status';

/** Safety net under the live events: the board never stays wrong for long. */
const BOARD_REFETCH_MS = 30_000;

/** /ordering: the barista's live order board and shop status (SPEC "Barista order board"). */
export function OrderBoardRoute() {
  const today = useCafeToday();
  const status = useCafeStatusQuery();
  const orders = useBaristaOrders(
    { status: TO_MAKE_ORDER_STATUSES, startDate: today, endDate: addDays(today, 1) },
    { refetchInterval: BOARD_REFETCH_MS },
  );
  const live = useBoardLive();

  const mode = status.data ? shopModeOf(status.data) : null;
  const list = orders.data ?? [];
  const hasActive = activeOrders(list).length > 0;
  const board = (
    <OrderBoard
      orders={list}
      isLoading={orders.isPending}
      error={orders.error}
      onRetry={() => void orders.refetch()}
      newOrderIds={live.newOrderIds}
      onTaken={live.markSeen}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Order Board"
        actions={
          <>
            <LiveIndicator />
            <ChimeToggle muted={live.chime.muted} onToggle={live.chime.toggleMuted} />
          </>
        }
      />
      <p aria-live="polite" className="sr-only">
        {live.announcement}
      </p>

      <section
        aria-labelledby="shop-status-heading"
        className="card flex flex-wrap items-center justify-between gap-3 p-4"
      >
        <h2 id="shop-status-heading" className="text-xl font-bold">
          Shop Status
        </h2>
        {mode === null || orders.isPending ? (
          status.isError ? null : (
            <Spinner label="Loading shop status..." />
          )
        ) : (
          <ShopStatusControl mode={mode} canChange={canChangeShopStatus(mode, list)} />
        )}
      </section>

      {status.isError ? (
        <ErrorState message="The shop status could not be loaded." onRetry={() => void status.refetch()} />
      ) : mode === 'cafe-open' ? (
        board
      ) : mode === 'bar-open' ? (
        <>
          <ModeNotice icon={<CocktailGlass className="h-10 w-10" />} text="Take order at the bar only" />
          {hasActive ? board : null}
        </>
      ) : mode === 'all-close' ? (
        <>
          <ModeNotice icon={<DoorClosed aria-hidden="true" className="h-10 w-10" />} text="Cafe and Bar are close" />
          {hasActive ? board : null}
        </>
      ) : null}
    </div>
  );
}

function ModeNotice({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="grid h-20 w-20 place-items-center rounded-full bg-[var(--accent-soft)] text-[var(--accent-strong)]">
        {icon}
      </span>
      <p className="text-2xl font-bold">{text}</p>
    </div>
  );
}
