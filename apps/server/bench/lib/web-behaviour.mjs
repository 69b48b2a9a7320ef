// How the web app reacts to live events, read from its source, so the rush's simulated baristas
// and phones send the reads the real screens would send (the web app changes; this follows it).
import { readFileSync } from 'node:fs';
import path from 'node:path';

function read(root, file) {
  try {
    return readFileSync(path.join(root, 'apps/web/src', file), 'utf8');
  } catch {
    return '';
  }
}

const number = (source, name) => {
  const match = new RegExp(`${name}\\s*=\\s*([\\d_]+)`).exec(source);
  return match ? Number(match[1].replace(/_/g, '')) : null;
};

export function webBehaviour(root) {
  const boardLive = read(root, 'features/barista/hooks/use-board-live.ts');
  const boardMutation = read(root, 'features/barista/api/update-barista-order.ts');
  const boardRoute = read(root, 'features/barista/routes/order-board-route.tsx');
  const phoneLive = read(root, 'features/order-ahead/hooks/use-live-updates.ts');
  const myQueue = read(root, 'features/order-ahead/api/get-my-queue.ts');
  const placeOrder = read(root, 'features/order-ahead/api/place-order.ts');
  const queryClient = read(root, 'app/query-client.ts');
  return {
    /** use-board-live.ts puts the event's order into the cached lists (else: refetch per event). */
    boardAppliesEvents: /applyOrdersEvent|setQueryData/.test(boardLive),
    /** useUpdateBaristaOrder's onSettled invalidates the board: a read after every tap. */
    boardReadsAfterTap:
      /onSettled[\s\S]{0,400}invalidateQueries/.test(boardMutation) && !/getState\(\)\.connected/.test(boardMutation),
    /** The board's safety-net refetch interval. */
    boardRefetchMs: number(boardRoute, 'BOARD_REFETCH_MS'),
    /** use-live-updates.ts updates My orders from the event (else: refetch queue, count, history). */
    phoneAppliesEvents: /setQueryData/.test(phoneLive),
    /** The queue's timed read; null when it runs only while the live channel is down (the rush's phones stay connected). */
    myQueuePollMs: /connected \? false/.test(myQueue) ? null : number(myQueue, 'MY_QUEUE_POLL_MS'),
    /** use-live-updates.ts puts a finished order into the history from its event (else: reads the history). */
    phoneHistoryFromEvents: /setQueryData\(historyKey/.test(phoneLive),
    /** place-order.ts puts the placement's answer (with its place) into My orders' list instead of reading it. */
    placementAnswerInList: /setQueryData\(queueKey/.test(placeOrder),
    /** place-order.ts takes the daily count from the placement's answer instead of reading it. */
    placementAnswerCount: /dailyCount/.test(placeOrder),
    /** use-live-updates.ts reads nothing on the event of the tab's own placement. */
    ownPlacementEventQuiet: /isOwnPlacement/.test(phoneLive),
    /** The query cache's stale time: a screen opened within it reads nothing again. */
    queryStaleMs: Number(/staleTime:\s*([\d_]+)/.exec(queryClient)?.[1]?.replace(/_/g, '') ?? 0) || null,
  };
}

export function describeBehaviour(b) {
  return [
    `board ${b.boardAppliesEvents ? 'applies each orders event' : 'reads again on each orders event'}`,
    b.boardReadsAfterTap ? 'reads again after each Do/Done tap' : 'no read after a tap',
    b.boardRefetchMs ? `reads every ${b.boardRefetchMs / 1000} s` : 'no timed read',
    `My orders ${b.phoneAppliesEvents ? 'applies own events (reads count/history/queue only when the event cannot say)' : 'reads queue, count and history on each own event'}`,
    b.phoneHistoryFromEvents ? 'the history taken from the event' : 'the history read when an order ends',
    b.myQueuePollMs ? `polls the queue every ${b.myQueuePollMs / 1000} s` : 'no queue poll while connected',
    b.placementAnswerInList
      ? 'the placement answer (with its place) goes into the list'
      : 'the list read after placing',
    b.ownPlacementEventQuiet
      ? "the own placement's event reads nothing"
      : "the own placement's event reads the list and count",
    b.queryStaleMs
      ? `a screen opened within ${b.queryStaleMs / 1000} s of its last read reads nothing`
      : 'every screen reads when opened',
  ].join('; ');
}
