import type { Db, OrderingSettingsTable } from '../../db/types';

export type OrderingSettingsRow = OrderingSettingsTable;

export function findOrderingSettings(db: Db): Promise<OrderingSettingsRow | undefined> {
  return db.selectFrom('ordering_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveOrderingSettings(
  db: Db,
  changes: Partial<Pick<OrderingSettingsRow, 'paused' | 'max_waiting' | 'max_wait_minutes'>> & {
    updated_by: number;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('ordering_settings').set(changes).where('id', '=', 1).execute();
}
