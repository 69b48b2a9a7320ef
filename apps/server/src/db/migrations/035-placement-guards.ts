import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * One statement per placement (issue 64, docs/decisions/0111-one-statement-placement.md).
 *
 * PostgreSQL only: `cafe_placement_guards(user, day, key, uncounted)` holds the person's account
 * (FOR UPDATE) and then reads what a placement is guarded by: their orders of the day that count
 * toward the daily limit (cafe orders whose status is not one of `uncounted`), and the order they
 * already made with this Idempotency-Key. The function is VOLATILE, so its reads take a snapshot of
 * their own after the account is held: they see every order committed by a placement that held it
 * first. A placement's insert, called with it in one statement, is then race-free without
 * BEGIN and COMMIT (order-writes.repository countedCafeOrders is the same rule, read elsewhere).
 *
 * SQLite writes one transaction at a time and needs none. No table changes: every stored row reads back as before.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    if (dialect !== 'postgres') return;
    await sql`create or replace function cafe_placement_guards(
        p_user integer, p_day text, p_key text, p_uncounted text[])
      returns table (counted bigint, found_id integer, found_fingerprint text)
      language plpgsql volatile
      -- Planned with each call's values: a plan cached while the table was small would scan it all later.
      set plan_cache_mode = force_custom_plan
      as $$
      begin
        perform 1 from users where id = p_user for update;
        return query
          select (select count(*) from orders c
                   where c.category_for = 'cafe' and c.user_id = p_user and c.cafe_day = p_day
                     and c.status <> all (p_uncounted)),
                 k.id::integer, k.idempotency_fingerprint::text
          from (select 1) as one
          left join orders k on p_key is not null and k.user_id = p_user and k.idempotency_key = p_key;
      end
      $$`.execute(db);
  };
}
