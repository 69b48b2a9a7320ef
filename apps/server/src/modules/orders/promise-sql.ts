/**
 * The promise stored with a new order (orders.promised_ready_at) in its insert: of the instants
 * worked out for the places around where its line is known to be (PromiseTable), the one of its
 * place, counted in the same statement, so a placement takes no statement more
 * (docs/decisions/0101-one-promise-model.md, 0125-a-promise-window.md).
 */
import { sql, type RawBuilder } from 'kysely';
import type { NewOrder } from './order-writes.repository';

/**
 * What an order for now is promised (ISO instants) by the number of waiting orders ahead of it:
 * `at[k]` with `from + k` ahead; the first for fewer, the last for more.
 */
export interface PromiseTable {
  from: number;
  at: readonly string[];
}

/** The instant of `table` for an order with `ahead` waiting orders ahead of it. */
export function promisedAtPlace(table: PromiseTable, ahead: number): string | undefined {
  return table.at[Math.max(0, Math.min(ahead - table.from, table.at.length - 1))];
}

/**
 * `table`'s instant for the waiting orders of the order's line now, plus `offset` (the same line's
 * orders inserted before it in the same statement, which its count does not see).
 */
export function promisedAtSql(
  dialect: 'sqlite' | 'postgres',
  order: Pick<NewOrder, 'site_id' | 'cafe_day' | 'category_for'>,
  table: PromiseTable,
  offset = 0,
): RawBuilder<string> {
  const last = Math.max(0, table.at.length - 1);
  const waiting = sql<number>`(select count(*) from orders w where w.status = 'ordered' and w.site_id = ${order.site_id}
    and w.cafe_day = ${order.cafe_day} and w.category_for = ${order.category_for})`;
  const json = JSON.stringify(table.at);
  const shift = offset - table.from;
  return dialect === 'postgres'
    ? sql<string>`(${json}::jsonb ->> greatest(0, least(${waiting}::int + ${shift}::int, ${last}::int)))`
    : sql<string>`json_extract(${json}, '$[' || cast(max(0, min(${waiting} + ${shift}, ${last})) as integer) || ']')`;
}
