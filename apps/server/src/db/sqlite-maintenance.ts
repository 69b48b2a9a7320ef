import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/** How often a running server lets SQLite check whether its planner statistics went stale. */
export const SQLITE_OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `PRAGMA optimize` mask: analyze the tables that need it (0x02), checking every table, not only
 * those this connection used (0x10000). Without 0x10 the analysis reads whole indexes: a limited
 * one (analysis_limit) samples a few thousand rows and, on a column with few values such as
 * `status`, then tells the planner a value matches 2,000 rows instead of 17,000 of 100,000, which
 * is how it could pick a worse index. A full analysis of 100,000 orders takes about 0.1 s, and
 * SQLite only runs one when a table has never been analyzed or has grown or shrunk a lot since.
 */
const OPTIMIZE_MASK = '0x10002';

export interface SqliteMaintenance {
  /** Runs `PRAGMA optimize` now, through Kysely (so never inside another caller's transaction). */
  optimize(): Promise<void>;
  /** Stops the periodic check and runs a last one, as SQLite advises before closing. */
  stop(): Promise<void>;
}

/**
 * Keeps SQLite's query-planner statistics (sqlite_stat1) current, as SQLite advises for a
 * connection that stays open for long: `PRAGMA optimize` when it opens, every hour, and before it
 * closes (docs/decisions/0016-statistics-and-history.md). Without statistics SQLite guesses, and
 * guessed that `status = ?` was the best way into `orders` for a week of statistics.
 */
export function startSqliteMaintenance<DB>(
  sqlite: SQLite.Database,
  db: Kysely<DB>,
  intervalMs = SQLITE_OPTIMIZE_INTERVAL_MS,
): SqliteMaintenance {
  sqlite.pragma(`optimize=${OPTIMIZE_MASK}`);

  const optimize = async () => {
    try {
      await sql.raw(`pragma optimize=${OPTIMIZE_MASK}`).execute(db);
    } catch {
      // Closed or busy: statistics are a hint; the next check will do.
    }
  };
  const timer = setInterval(() => void optimize(), intervalMs);
  timer.unref();

  return {
    optimize,
    async stop() {
      clearInterval(timer);
      await optimize();
    },
  };
}
