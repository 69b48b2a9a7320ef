import type { Db } from '../../db/types';

/** The shop status of a site, as a person or the opening hours set it (its columns of the sites row). */
export async function saveShopStatus(
  db: Db,
  siteId: number,
  status: { isCafeOpen: boolean; isBarOpen: boolean },
  by: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sites')
    .set({
      is_cafe_open: status.isCafeOpen ? 1 : 0,
      is_bar_open: status.isBarOpen ? 1 : 0,
      status_updated_by: by,
      status_updated_at: at,
    })
    .where('id', '=', siteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
