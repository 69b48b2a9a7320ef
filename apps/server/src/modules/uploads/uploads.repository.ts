import type { Kysely } from 'kysely';
import type { Database, ImagesTable } from '../../db/types';

type NewImage = Omit<ImagesTable, 'id'>;

export function findImageByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('images')
    .select(['name', 'mime', 'sha256', 'bytes', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function imageExists(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('id').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export function findImageNameBySha(db: Kysely<Database>, sha256: string) {
  return db.selectFrom('images').select('name').where('sha256', '=', sha256).executeTakeFirst();
}

/** Inserts unless an image with the same hash exists (two uploads of one photo may race). */
export async function insertImageIfNew(db: Kysely<Database>, image: NewImage): Promise<void> {
  await db
    .insertInto('images')
    .values(image)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}
