import {
  FINISHED_ORDER_STATUSES,
  LIMITS,
  ORDER_STATUSES,
  SERVED_ORDER_STATUSES,
  isStatusIn,
  type BaristaHistoryPage,
  type BaristaHistoryQuery,
} from '@cafe/shared';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/errors';
import { toOrder } from './orders.mapper';
import { countByDay, listHistoryPage } from './order-history.repository';

/** A place in the barista history: the last order of a page, by the keys the pages are sorted on. */
export interface HistoryPosition {
  orderDate: string;
  id: number;
}

/** What a cursor holds once decoded: the stored ISO text of order_date, "~", the id. */
const POSITION = /^([0-9T:.Z+-]{10,40})~(\d{1,10})$/;

/**
 * The `nextCursor` of a page. Opaque to clients (base64url), so the keys behind it may change
 * without changing the contract.
 */
export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.orderDate}~${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this server gave. */
export function decodeHistoryCursor(cursor: string): HistoryPosition | null {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const [, orderDate, digits] = match ?? [];
  if (orderDate === undefined || digits === undefined || Number.isNaN(Date.parse(orderDate))) return null;
  const id = Number(digits);
  return id >= 1 && id <= LIMITS.idMax ? { orderDate, id } : null;
}

/** The statuses an order leaves the history by: the complement of FINISHED_ORDER_STATUSES. */
const UNFINISHED = ORDER_STATUSES.filter((status) => !isStatusIn(FINISHED_ORDER_STATUSES, status));

/**
 * GET /order/history/barista: finished orders of one site a page at a time, newest first (keyset pages on
 * order_date and id, docs/decisions/0016-statistics-and-history.md). Each page carries the served
 * count of every day it shows, counted over the whole day, so a day cut by a page break still
 * shows its full "Total Order:".
 */
export async function readBaristaHistory(
  db: Db,
  siteId: number,
  query: BaristaHistoryQuery,
): Promise<BaristaHistoryPage> {
  const after = query.cursor === undefined ? null : decodeHistoryCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw badRequest('cursor: is not a cursor this server gave');
  const limit = query.limit ?? LIMITS.historyPageSize;
  // One more than asked tells whether another page follows.
  const rows = await listHistoryPage(db, siteId, UNFINISHED, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const days = [...new Set(page.map((row) => row.cafe_day))];
  const totals = new Map((await countByDay(db, siteId, days, SERVED_ORDER_STATUSES)).map((r) => [r.day, r.total]));
  return {
    orders: page.map(toOrder),
    nextCursor: rows.length > limit && last ? encodeHistoryCursor({ orderDate: last.order_date, id: last.id }) : null,
    dayTotals: days.map((day) => ({ day, totalOrder: totals.get(day) ?? 0 })),
  };
}
