import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

/**
 * The menu at each site (docs/decisions/0027-sites.md): the company keeps one catalogue of
 * categories and items; `site_menu_items` says, for every site and every item, whether the site
 * serves it (`available`) and whether it is sold out there now (`sold_out`, until `sold_out_until`
 * when given). Every pair has its row, so "served everywhere" is written down, never assumed: this
 * migration writes one for each site and item there is (served, not sold out); new items and new
 * sites get theirs when they are made.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('site_menu_items')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('menu_items.id'))
      .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sold_out_until', 'varchar(32)')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('updated_at', 'varchar(32)')
      .addPrimaryKeyConstraint('site_menu_items_pk', ['site_id', 'item_id'])
      .execute();
    await sql`insert into site_menu_items (site_id, item_id, available, sold_out)
      select s.id, m.id, 1, 0 from sites s cross join menu_items m`.execute(db);
  };
}
