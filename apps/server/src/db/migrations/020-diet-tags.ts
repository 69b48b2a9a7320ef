import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * What a person cannot drink (issue 32, docs/decisions/0037-diet-tags.md, docs/allergens.md). Each
 * a JSON list of tags of the fixed list (packages/shared/src/diet.ts), '[]' for none:
 *
 * - `menu_items.tags`, `option_choices.tags`: the allergens and diet tags baristas set;
 * - `users.avoids`: what the person avoids (their profile);
 * - `orders.owner_avoids`: the owner's list as it was when the order was placed, and
 *   `orders.diet_warnings`: what of it the drink as ordered contains (the barista's ticket).
 *
 * Columns added with their default: every existing row is kept and reads '[]' (nothing tagged,
 * nothing avoided, no warning), no row is copied or rewritten.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const tags = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
        .execute();
    await tags('menu_items', 'tags');
    await tags('option_choices', 'tags');
    await tags('users', 'avoids');
    await tags('orders', 'owner_avoids');
    await tags('orders', 'diet_warnings');
  };
}
