import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { CategoriesTable, Db, MenuItemsTable, SiteMenuItemsTable } from '../../db/types';

export type CategoryRow = Selectable<CategoriesTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;

export async function listAvailableCategories(
  db: Db,
  categoryFor?: CategoryRow['category_for'],
): Promise<CategoryRow[]> {
  let query = db.selectFrom('categories').selectAll().where('is_available', '=', 'available');
  if (categoryFor) query = query.where('category_for', '=', categoryFor);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** The available items of the given categories, active and inactive, in id order. */
export async function listAvailableItemsOf(db: Db, categoryIds: readonly number[]): Promise<MenuItemRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('menu_items')
    .selectAll()
    .where('category_id', 'in', categoryIds)
    .where('is_available', '=', 'available')
    .orderBy('id')
    .execute();
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findItem(db: Db, id: number): Promise<MenuItemRow | undefined> {
  return db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An item together with the availability, venue, name and kind of its category. */
export async function findItemWithCategory(
  db: Db,
  id: number,
): Promise<
  | (MenuItemRow & {
      category_is_available: CategoryRow['is_available'];
      category_for: CategoryRow['category_for'];
      category_name: CategoryRow['name'];
      category_kind: CategoryRow['kind'];
    })
  | undefined
> {
  return db
    .selectFrom('menu_items')
    .innerJoin('categories', 'categories.id', 'menu_items.category_id')
    .selectAll('menu_items')
    .select([
      'categories.is_available as category_is_available',
      'categories.category_for as category_for',
      'categories.name as category_name',
      'categories.kind as category_kind',
    ])
    .where('menu_items.id', '=', id)
    .executeTakeFirst();
}

export async function nextCategorySortOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('sort_order').as('max_order'))
    .executeTakeFirst();
  const max = row?.max_order;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}

export async function insertCategory(db: Db, values: Insertable<CategoriesTable>): Promise<CategoryRow> {
  return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCategory(
  db: Db,
  id: number,
  values: Updateable<CategoriesTable>,
): Promise<CategoryRow | undefined> {
  return db.updateTable('categories').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function insertItem(db: Db, values: Insertable<MenuItemsTable>): Promise<MenuItemRow> {
  return db.insertInto('menu_items').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateItem(
  db: Db,
  id: number,
  values: Updateable<MenuItemsTable>,
): Promise<MenuItemRow | undefined> {
  return db.updateTable('menu_items').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export type SiteMenuRow = Selectable<SiteMenuItemsTable>;

/** Every item's row at a site. */
export function listSiteMenu(db: Db, siteId: number): Promise<SiteMenuRow[]> {
  return db.selectFrom('site_menu_items').selectAll().where('site_id', '=', siteId).execute();
}

/** An item's row at a site. */
export function findSiteMenuItem(db: Db, siteId: number, itemId: number): Promise<SiteMenuRow | undefined> {
  return db
    .selectFrom('site_menu_items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}

/** Writes an item's row at a site; false when the site has no row for it (no such item or site). */
export async function updateSiteMenuItem(
  db: Db,
  siteId: number,
  itemId: number,
  changes: Updateable<SiteMenuItemsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('site_menu_items')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new item: served and not sold out at every site (call in the item's transaction). */
export async function addItemToEverySite(db: Db, itemId: number): Promise<void> {
  await sql`insert into site_menu_items (site_id, item_id, available, sold_out)
    select id, ${itemId}, 1, 0 from sites`.execute(db);
}

/** A new site: it serves every item of the catalogue, none sold out (call in the site's transaction). */
export async function addEveryItemToSite(db: Db, siteId: number): Promise<void> {
  await sql`insert into site_menu_items (site_id, item_id, available, sold_out)
    select ${siteId}, id, 1, 0 from menu_items`.execute(db);
}
