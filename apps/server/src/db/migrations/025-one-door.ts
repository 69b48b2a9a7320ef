import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * One door to ordering (docs/decisions/0070-one-door.md):
 * - `usual_drinks`: the usual now changes only when its owner sets it. A person who had none saved
 *   was shown their most recent picked-up online cafe drink as "Your usual" (and Slack's /coffee and
 *   their standing orders ordered it): that drink is saved as their usual now, as it was last shown,
 *   so nobody's usual changes with the upgrade and none drifts after it.
 * - `standing_orders.diet_confirmed`: what the drink contains that its owner avoids and said they
 *   want anyway when they set it (diet tags as a JSON list); each day's placement asks again for
 *   anything more. `[]` for those set before: a drink that conflicts is refused on its day, and its
 *   owner is told, until they confirm it.
 * - `standing_orders.creation_key`: the key of the form that set it (unique per person): a second
 *   submission of the same form makes no second standing order.
 * - `standing_order_runs.reason_text`: why a day was skipped or not placed, as the people catalogue
 *   words it (its id and values, JSON), so the person reads it in their language; null for the days
 *   before (their English `reason` stays).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('standing_orders')
      .addColumn('diet_confirmed', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('standing_orders').addColumn('creation_key', 'varchar(255)').execute();
    await db.schema
      .createIndex('standing_orders_creation_key')
      .on('standing_orders')
      .columns(['user_id', 'creation_key'])
      .unique()
      .execute();

    await db.schema.alterTable('standing_order_runs').addColumn('reason_text', 'text').execute();

    const k = db as Kysely<Tables>;
    const saved = new Set((await k.selectFrom('usual_drinks').select('user_id').execute()).map((r) => r.user_id));
    // Each person's most recent picked-up online cafe order with a photo (the usual they were shown).
    const picked = await k
      .selectFrom('orders')
      .select(['id', 'user_id', 'menu_id', 'type', 'sweetness', 'remark'])
      .where('status', '=', 'picked')
      .where('category_for', '=', 'cafe')
      .where('walk_up', '=', 0)
      .where('tumbler_image', '!=', '')
      .orderBy('user_id')
      .orderBy('order_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const latest = new Map<number, (typeof picked)[number]>();
    for (const row of picked) if (!saved.has(row.user_id) && !latest.has(row.user_id)) latest.set(row.user_id, row);
    if (latest.size === 0) return;
    const ids = [...latest.values()].map((r) => r.id);
    const options = new Map<number, { choiceId: number; quantity?: number }[]>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await k
        .selectFrom('order_options')
        .select(['order_id', 'choice_id', 'quantity', 'sort_order'])
        .where('order_id', 'in', ids.slice(i, i + 500))
        .orderBy('order_id')
        .orderBy('sort_order')
        .execute();
      for (const o of rows) {
        const list = options.get(o.order_id) ?? [];
        list.push({ choiceId: o.choice_id, ...(o.quantity > 1 ? { quantity: o.quantity } : {}) });
        options.set(o.order_id, list);
      }
    }
    const at = new Date().toISOString();
    for (const row of latest.values()) {
      const remark = (row.remark ?? '').trim();
      const drink = {
        menu_id: row.menu_id,
        ...(row.type ? { type: row.type } : {}),
        ...(row.sweetness === null ? {} : { sweetness: row.sweetness }),
        ...(remark && remark !== '-' ? { remark } : {}),
        ...(options.has(row.id) ? { options: options.get(row.id) } : {}),
      };
      await k
        .insertInto('usual_drinks')
        .values({ user_id: row.user_id, drink: JSON.stringify(drink), updated_at: at })
        .execute();
    }
  };
}

/** The tables as this migration reads and writes them. */
interface Tables {
  usual_drinks: { user_id: number; drink: string; updated_at: string };
  orders: {
    id: number;
    user_id: number;
    menu_id: number;
    type: string | null;
    sweetness: number | null;
    remark: string | null;
    status: string;
    category_for: string;
    walk_up: number;
    tumbler_image: string;
    order_date: string;
  };
  order_options: { order_id: number; choice_id: number; quantity: number; sort_order: number };
}
