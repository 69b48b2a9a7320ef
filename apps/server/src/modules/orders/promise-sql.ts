/**
 * The promise stored with a new order (orders.promised_ready_at) in its insert: of the instants
 * worked out for each number of waiting orders ahead (PendingOrder.promise), the one of its place,
 * counted in the same statement, so a placement takes no statement more
 * (docs/decisions/0101-one-promise-model.md).
 */
import { sql, type RawBuilder } from 'kysely';
import type { NewOrder } from './order-writes.repository';

/**
 * `table`'s instant for the waiting orders of the order's line now, plus `offset` (the same line's
 * orders inserted before it in the same statement, which its count does not see).
 */
export function promisedAtSql(
  dialect: 'sqlite' | 'postgres',
  order: Pick<NewOrder, 'site_id' | 'cafe_day' | 'category_for'>,
  table: readonly string[],
  offset = 0,
): RawBuilder<string> {
  const last = Math.max(0, table.length - 1);
  const waiting = sql<number>`(select count(*) from orders w where w.status = 'ordered' and w.site_id = ${order.site_id}
    and w.cafe_day = ${order.cafe_day} and w.category_for = ${order.category_for})`;
  const json = JSON.stringify(table);
  return dialect === 'postgres'
    ? sql<string>`(${json}::jsonb ->> least(${waiting}::int + ${offset}::int, ${last}::int))`
    : sql<string>`json_extract(${json}, '$[' || cast(min(${waiting} + ${offset}, ${last}) as integer) || ']')`;
}
