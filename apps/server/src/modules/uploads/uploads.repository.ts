import type { Db, ImagesTable } from '../../db/types';

type NewImage = Omit<ImagesTable, 'id'>;

export function findImageByName(db: Db, name: string) {
  return db
    .selectFrom('images')
    .select(['name', 'mime', 'sha256', 'bytes', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function imageExists(db: Db, name: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('id').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export function findImageNameBySha(db: Db, sha256: string) {
  return db.selectFrom('images').select('name').where('sha256', '=', sha256).executeTakeFirst();
}

/** Inserts unless an image with the same hash exists (two uploads of one photo may race). */
export async function insertImageIfNew(db: Db, image: NewImage): Promise<void> {
  await db
    .insertInto('images')
    .values(image)
    // Any unique key: two inserts of one picture racing each other may collide on its name
    // (images_name_key) as well as on its hash, and either way the picture is already stored.
    .onConflict((oc) => oc.doNothing())
    .execute();
}
