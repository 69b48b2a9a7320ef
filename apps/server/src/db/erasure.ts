import { sql } from 'kysely';
import type { Dialect } from './connection';
import type { Db } from './types';

/**
 * After personal data was erased: on SQLite, the write-ahead log still holds the pages as they
 * were before (the erased text in them) until a checkpoint overwrites the log. A checkpoint with
 * TRUNCATE copies the current pages into the database file (where secure_delete zeroed the old
 * text) and empties the log. Answers false when a reader kept the log from being emptied (it is
 * then emptied by a later checkpoint). PostgreSQL: nothing to do here (its own storage).
 */
export async function flushErasure(db: Db, dialect: Dialect): Promise<boolean> {
  if (dialect !== 'sqlite') return true;
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return Number(rows[0]?.busy ?? 0) === 0;
}
