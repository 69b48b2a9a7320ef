import {
  runDrinksAllGone,
  runLabel,
  runState,
  SERVED_ORDER_STATUSES,
  UNCOUNTED_ORDER_STATUSES,
  type OrderStatus,
  type Run,
  type RunDrink,
} from '@cafe/shared';
import { orderLine, wordsIn } from '../../lib/chat-words';
import { toOrder } from './orders.mapper';
import type { OrderRow } from './orders.repository';
import type { RunRow } from './runs.repository';

const uncounted: readonly OrderStatus[] = UNCOUNTED_ORDER_STATUSES;
const served: readonly OrderStatus[] = SERVED_ORDER_STATUSES;

/** A run's drinks that count and move with it: not withdrawn (cancelled) or rejected, in the order added. */
export function inRun(drinks: readonly OrderRow[]): OrderRow[] {
  return drinks.filter((row) => !uncounted.includes(row.status)).sort((a, b) => a.id - b.id);
}

/** The only place a run's row and its drinks' rows become the contract's Run, as it is at `now`. */
export function toRun(run: RunRow, drinks: readonly OrderRow[], now: Date): Run {
  const shown = inRun(drinks);
  const words = wordsIn('en');
  const of = shown.length;
  const state = runState({ closesAt: run.closes_at, closedAt: run.closed_at, drinks: of }, now);
  // The latest change of the run or of any drink of it, withdrawn and rejected ones too.
  const updatedAt = [run.created_at, run.closed_at ?? '', ...drinks.map((row) => row.updated_at)].reduce((a, b) =>
    a > b ? a : b,
  );
  return {
    id: run.id,
    site: { id: run.site_id, name: run.site_name },
    runner: run.runner_id === null || run.runner_name === null ? null : { id: run.runner_id, name: run.runner_name },
    place: run.place,
    pickupAt: run.pickup_at,
    closesAt: run.closes_at,
    closedAt: run.closed_at,
    state,
    ready: of > 0 && shown.every((row) => served.includes(row.status)),
    collected: of > 0 && shown.every((row) => row.status === 'picked'),
    over: state === 'dropped' || (state === 'closed' && runDrinksAllGone(shown.map((row) => row.status))),
    updatedAt,
    drinks: shown.map((row, i): RunDrink => {
      const order = toOrder(row);
      return {
        orderId: row.id,
        person: order.user,
        label: runLabel(order.user.name, i + 1, of),
        position: i + 1,
        of,
        // English, for the clients of the release before: the parts below are what a screen words.
        drink: orderLine(words, order),
        menu: { id: order.menu.id, name: order.menu.name },
        type: order.type,
        sweetness: order.sweetness,
        options: order.options ?? [],
        status: row.status,
        cup: Number(row.own_cup) === 1 ? 'tumbler' : 'tray',
      };
    }),
  };
}
