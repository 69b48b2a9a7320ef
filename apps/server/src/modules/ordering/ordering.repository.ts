import type { Db } from '../../db/types';

/** A person's saved usual drink (DrinkChoice as JSON), or null. */
export async function findUsual(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('usual_drinks').select('drink').where('user_id', '=', userId).executeTakeFirst();
  return row?.drink ?? null;
}

export async function saveUsual(db: Db, userId: number, drink: string, at: string): Promise<void> {
  await db
    .insertInto('usual_drinks')
    .values({ user_id: userId, drink, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ drink, updated_at: at }))
    .execute();
}

export async function deleteUsual(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('usual_drinks').where('user_id', '=', userId).execute();
}
