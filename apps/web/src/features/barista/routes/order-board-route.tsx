import { useLingui } from '@lingui/react';
import { addDays, shopModeOf, TO_MAKE_ORDER_STATUSES } from '@cafe/shared';
import { DoorClosed } from 'lucide-react';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { useScreenSite } from '@/api/site-state';
import { ClosingSoonBanner } from '@/components/closing-soon-banner';
import { StaffSiteSwitch } from '@/components/staff-site-switch';
import { ErrorState, Spinner } from '@/components/ui';
import { useBaristaOrders } from '@/features/barista/api/get-barista-orders';
import { useCounterSettings } from '@/features/barista/api/get-counter-settings';
import { BoardSettings } from '@/features/barista/components/board-settings';
import { BusyModeControl } from '@/features/barista/components/busy-mode-control';
import { ChimeToggle } from '@/features/barista/components/chime-toggle';
import { CocktailGlass } from '@/features/barista/components/cocktail-glass';
import { LiveIndicator } from '@/features/barista/components/live-indicator';
import { OrderBoard } from '@/features/barista/components/order-board';
import { ShopStatusControl } from '@/features/barista/components/shop-status-control';
import { LaterLane, type RenderRun } from '@/features/barista/components/later-lane';
import { ShortcutsButton, ShortcutsDialog } from '@/features/barista/components/shortcuts-dialog';
import { WalkUpOrderButton, WalkUpOrderDialog } from '@/features/barista/components/walk-up-order-dialog';
import { useBoardLive } from '@/features/barista/hooks/use-board-live';
import { useTicketThresholds } from '@/features/barista/hooks/use-ticket-thresholds';
import { useWakeLock } from '@/hooks/use-wake-lock';
import { useCafeToday } from '@/hooks/use-cafe-today';
import { orderLabel } from '@/features/barista/lib/order-label';
import { activeOrders, canChangeShopStatus } from '@/features/barista/lib/shop-status';
import { cn } from '@/lib/cn';
import { useToasterPlacement, type ToasterPlacement } from '@/lib/toaster-placement';

/** Safety net under the live events: the board never stays wrong for long. */
const BOARD_REFETCH_MS = 30_000;

/** Orders for later wait in their own lane until they fall due. */
const LATER_STATUSES = ['scheduled'] as const;
/** The board: what is still to make, and the finished drinks of the Ready lane until they leave the counter. */
const BOARD_STATUSES = [...TO_MAKE_ORDER_STATUSES, 'done'] as const;
/** As far ahead as a site may take orders for later (PICKUP_LIMITS.daysAhead), and today. */
const LATER_DAYS = 8;

/**
 * /ordering: the barista's live order board and shop status, laid
 * out as a kitchen display for the counter tablet (docs/decisions/0020-kitchen-display.md).
 */
export function OrderBoardRoute() {
  const { _ } = useLingui();
  // The staff site (the route layout says so): its status, venues and zone.
  const here = useScreenSite();
  const { siteId, timeZone } = here;
  const today = useCafeToday(timeZone);
  const orders = useBaristaOrders(
    { status: BOARD_STATUSES, startDate: today, endDate: addDays(today, 1), siteId },
    { refetchInterval: BOARD_REFETCH_MS },
  );
  // The Later lane: orders for later of today and the days after (docs/api.md, "Orders for later").
  const later = useBaristaOrders(
    { status: LATER_STATUSES, startDate: today, endDate: addDays(today, LATER_DAYS), siteId },
    { refetchInterval: BOARD_REFETCH_MS },
  );
  const live = useBoardLive();
  // The counter's times; until they are read (or if they cannot be), the defaults of the contract.
  const counter = useCounterSettings(siteId);
  const laterOrders = (later.data ?? []).filter((o) => o.status === 'scheduled');
  const wakeLock = useWakeLock();
  const { thresholds, save: saveThresholds } = useTicketThresholds();
  const [helpOpen, setHelpOpen] = useState(false);
  const [walkUpOpen, setWalkUpOpen] = useState(false);
  const [message, setMessage] = useState('');
  // The same sentence twice is still said twice: a screen reader only speaks a change.
  const announce = useCallback((text: string) => setMessage((last) => (last === text ? `${text}\u00a0` : text)), []);
  const root = useRef<HTMLDivElement>(null);
  const chrome = useChromeAround(root);
  // The board's toasts sit on its last line, where they cover no control (decision 0098).
  useToasterPlacement(BOARD_TOASTS);

  const mode = here.status ? shopModeOf(here.status) : null;
  // Someone the admins have not made a barista of any site yet has no board.
  const noSite = siteId === undefined;
  // GET /sites failed, or no longer lists the site (archived meanwhile).
  const siteFailed = !noSite && !here.isPending && here.site === undefined;
  const list = orders.data ?? [];
  // The board stays while anything is to make or waits on the counter, whatever the shop status.
  const hasActive = activeOrders(list).length > 0 || list.some((o) => o.status === 'done');
  // On the board it heads the side column, seen without scrolling (decision 0075); without one, after the notice.
  const laterLane =
    laterOrders.length > 0
      ? (renderRun: RenderRun) => (
          <LaterLane orders={laterOrders} timeZone={timeZone} today={today} renderRun={renderRun} />
        )
      : null;
  const board = (
    <OrderBoard
      later={laterLane}
      laterCount={laterOrders.length}
      orders={list}
      isLoading={orders.isPending}
      // A failed re-read keeps the board as it was (the live indicator says it is not up to date).
      error={orders.data ? null : orders.error}
      onRetry={() => void orders.refetch()}
      newOrderIds={live.newOrderIds}
      onTaken={live.markSeen}
      thresholds={thresholds}
      announce={announce}
      onShowHelp={() => setHelpOpen(true)}
      uncollectedAfterMinutes={counter.data?.uncollectedAfterMinutes}
    />
  );

  return (
    // A tablet or a desktop: the board fills the screen under the top bar and the page never scrolls;
    // its lanes scroll on their own (docs/decisions/0098-board-holds-any-count.md).
    <div
      ref={root}
      data-board-route=""
      style={{ '--board-chrome': `${chrome}px` } as CSSProperties}
      className="flex flex-col gap-2 lg:h-[calc(100dvh-var(--board-chrome,6.0625rem))] lg:min-h-0"
    >
      <header className="flex shrink-0 flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <h1 className="text-2xl font-semibold text-[var(--ink)]">{_('barista.board.title')}</h1>
          <StaffSiteSwitch className="w-48 max-w-full" />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveIndicator catchingUp={live.catchingUp} stale={orders.isError && orders.data !== undefined} />
          {mode === 'cafe-open' ? <WalkUpOrderButton onClick={() => setWalkUpOpen(true)} /> : null}
          <ChimeToggle muted={live.chime.muted} onToggle={live.chime.toggleMuted} />
          <BoardSettings thresholds={thresholds} onSave={saveThresholds} wakeLock={wakeLock} />
          <ShortcutsButton onClick={() => setHelpOpen(true)} />
        </div>
      </header>
      <p aria-live="polite" className="sr-only">
        {live.announcement}
      </p>
      <p aria-live="polite" className="sr-only">
        {message}
      </p>

      <ClosingSoonBanner audience="staff" />
      <section
        aria-labelledby="shop-status-heading"
        className="card flex shrink-0 flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-1"
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="shop-status-heading" className="text-lg font-bold">
            {_('barista.shop.heading')}
          </h2>
          {mode === null || here.status === undefined || orders.isPending ? (
            siteFailed || noSite ? null : (
              <Spinner label={_('barista.shop.loading')} />
            )
          ) : (
            <ShopStatusControl
              mode={mode}
              canChange={canChangeShopStatus(mode, list)}
              venues={here.venues}
              status={here.status}
              later={{ orders: later.data, today, timeZone }}
            />
          )}
        </div>
        {mode === 'cafe-open' ? <BusyModeControl /> : null}
      </section>

      <div
        className={cn(
          'flex flex-col gap-2 lg:min-h-0 lg:flex-1',
          // The notices of bar and closed mode with the Later lane or the board: the rest of the screen scrolls.
          mode !== 'cafe-open' && 'lg:overflow-y-auto',
        )}
      >
        {noSite ? (
          <ErrorState message={_('barista.shop.noSite')} />
        ) : siteFailed ? (
          <ErrorState message={_('barista.shop.loadFailed')} onRetry={here.refetch} />
        ) : mode === 'cafe-open' ? (
          board
        ) : mode === 'bar-open' || mode === 'all-close' ? (
          <>
            {mode === 'bar-open' ? (
              <ModeNotice icon={<CocktailGlass className="h-10 w-10" />} text={_('barista.shop.barOnly')} />
            ) : (
              <ModeNotice
                icon={<DoorClosed aria-hidden="true" className="h-10 w-10" />}
                text={_('barista.shop.allClosed')}
              />
            )}
            {hasActive ? board : laterLane}
          </>
        ) : null}
      </div>

      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <WalkUpOrderDialog
        open={walkUpOpen}
        onOpenChange={setWalkUpOpen}
        onPlaced={(order) => announce(_('barista.walkUp.placed', { order: orderLabel(order) }))}
      />
    </div>
  );
}

function ModeNotice({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    // Compact on a tablet or a desktop, where it shares the screen with the board below it.
    <div className="card flex shrink-0 flex-col items-center gap-3 px-4 py-12 text-center lg:flex-row lg:justify-center lg:py-3">
      <span className="grid h-20 w-20 shrink-0 place-items-center rounded-full bg-[var(--accent-soft)] text-[var(--accent-strong)] lg:h-14 lg:w-14">
        {icon}
      </span>
      <p className="text-2xl font-bold">{text}</p>
    </div>
  );
}

/**
 * The board's toasts: at the bottom, over the board's last line (the "To make" strip, 4 rem high on a
 * tablet, 1 rem above the screen's edge), one at a time and compact, so they cover no control: not
 * the Live light, Walk-up order or the filters at the top (decision 0098).
 */
const BOARD_TOASTS: ToasterPlacement = {
  position: 'bottom-center',
  offset: { bottom: 16 },
  mobileOffset: { bottom: 16 },
  visibleToasts: 1,
  className: 'board-toasts',
};

/**
 * The px above and below the board's screen in the page (the top bar, a banner, the frame's padding):
 * the board is 100dvh less these, so the page itself never scrolls on a tablet. Read again when
 * anything above it changes height (a banner comes or goes) or the window does.
 */
function useChromeAround(ref: RefObject<HTMLElement | null>): number {
  const [chrome, setChrome] = useState(97);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const main = element.closest('main');
      const bottom = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      setChrome(Math.max(0, Math.round(top + bottom)));
    };
    read();
    window.addEventListener('resize', read);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', read);
      observer?.disconnect();
    };
  }, [ref]);
  return chrome;
}
