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
  return {
    /** use-board-live.ts puts the event's order into the cached lists (else: refetch per event). */
    boardAppliesEvents: /applyOrdersEvent|setQueryData/.test(boardLive),
    /** useUpdateBaristaOrder's onSettled invalidates the board: a read after every tap. */
    boardReadsAfterTap: /onSettled[\s\S]{0,200}invalidateQueries/.test(boardMutation),
    /** The board's safety-net refetch interval. */
    boardRefetchMs: number(boardRoute, 'BOARD_REFETCH_MS'),
    /** use-live-updates.ts updates My orders from the event (else: refetch queue, count, history). */
    phoneAppliesEvents: /setQueryData/.test(phoneLive),
    /** The queue's timed read; null when it runs only while the live channel is down (the rush's phones stay connected). */
    myQueuePollMs: /connected \? false/.test(myQueue) ? null : number(myQueue, 'MY_QUEUE_POLL_MS'),
    /** use-live-updates.ts puts a finished order into the history from its event (else: reads the history). */
    phoneHistoryFromEvents: /setQueryData\(historyKey/.test(phoneLive),
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
  ].join('; ');
}
