import { sql } from 'kysely';
import type { Db } from '../../db/types';

/** The cheapest statement both engines answer; it fails when the database cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
