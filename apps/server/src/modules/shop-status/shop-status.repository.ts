import type { Selectable } from 'kysely';
import type { Db, ShopStatusTable } from '../../db/types';

/** The shop status is a single row with id 1. */
const STATUS_ROW = 1;

export type ShopStatusRow = Selectable<ShopStatusTable>;

export function findShopStatus(db: Db): Promise<ShopStatusRow | undefined> {
  return db.selectFrom('shop_status').selectAll().where('id', '=', STATUS_ROW).executeTakeFirst();
}

export function saveShopStatus(
  db: Db,
  status: Pick<ShopStatusRow, 'is_cafe_open' | 'is_bar_open' | 'updated_by' | 'updated_at'>,
): Promise<ShopStatusRow> {
  return db
    .insertInto('shop_status')
    .values({ id: STATUS_ROW, ...status })
    .onConflict((oc) => oc.column('id').doUpdateSet(status))
    .returningAll()
    .executeTakeFirstOrThrow();
}
