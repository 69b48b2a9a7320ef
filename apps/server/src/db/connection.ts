import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { connectFailure } from './errors';
import { NAMED_STATEMENTS } from './prepared-query';
import { withStatementCache } from './sqlite-statement-cache';
import { startSqliteMaintenance } from './sqlite-maintenance';
import type { Database } from './types';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** For PostgreSQL: the pool (the Socket.IO adapter shares it). */
  pgPool?: pg.Pool;
  /**
   * For SQLite: runs `edit` with the schema table writable (SQLite's documented way to loosen a
   * CHECK constraint without copying a table; migration 011). Only migrations use it.
   */
  withWritableSqliteSchema?: <T>(edit: () => Promise<T>) => Promise<T>;
  /**
   * Runs `work` without the request deadlines, for what may take long on a big database or a busy
   * machine: the migrations and the demo's seed. On PostgreSQL a connection of its own without
   * DEFAULT_PG_TIMEOUTS; SQLite has no such deadlines, and `work` runs on `db`.
   */
  withoutDeadlines: <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;
  /**
   * Calls `listener` with the text of every statement sent to the database from now on (BEGIN and
   * COMMIT included, and on PostgreSQL the live events' relays): what a request costs in round
   * trips, counted (test-support/statements.ts). Answers a function that stops it.
   */
  onStatement(listener: (text: string) => void): () => void;
  /** While a listener is on (onStatement): the statements sent whose answer has not come back yet. */
  statementsInFlight(): number;
  close(): Promise<void>;
}

/** The listeners of `DatabaseHandle.onStatement`: nothing to call, nothing done. */
function statementListeners() {
  const listeners = new Set<(text: string) => void>();
  let inFlight = 0;
  return {
    listeners,
    inFlight: () => inFlight,
    /** A statement sent: the function to call once it is answered. */
    pending: (): (() => void) => {
      inFlight += 1;
      let done = false;
      return () => {
        if (!done) inFlight -= 1;
        done = true;
      };
    },
    /** A statement answered (or failed), of those told while a listener was on. */
    answered: <T>(result: T): T => {
      inFlight += 1;
      if (result instanceof Promise) {
        result.then(
          () => (inFlight -= 1),
          () => (inFlight -= 1),
        );
      } else inFlight -= 1;
      return result;
    },
    on: (listener: (text: string) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell: (text: string): void => {
      for (const listener of listeners) listener(text);
    },
  };
}

/**
 * How long a PostgreSQL connection or statement may take before the request gives up with 503
 * (docs/decisions/0012-database-outages.md). Without them a network cut to the database makes
 * requests, and GET /api/ready, hang for as long as the cut lasts.
 */
export interface PgTimeouts {
  /** Opening a connection (pool `connectionTimeoutMillis`). */
  connectMs: number;
  /** The server cancels a statement running longer (`statement_timeout`). */
  statementMs: number;
  /** The server gives up waiting for a row or table lock (`lock_timeout`). */
  lockMs: number;
  /** The server ends a session left idle inside a transaction (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
  /**
   * The client stops waiting for an answer (`query_timeout`): what bounds a request when the
   * network, not the server, is what hangs. A little longer than `statementMs`, so a slow statement
   * is cancelled by the server (which frees its locks) before the client walks away from it.
   */
  queryMs: number;
  /** A connection above the pool's kept ones (POOL_KEPT) is closed after this long idle (`idleTimeoutMillis`). */
  idleMs: number;
}

/** Connections each process's pool keeps however quiet it is (decision 0126). */
export const POOL_KEPT = 4;

/**
 * A database that stops answering (frozen, a stalled disk, a network partition) must cost a
 * request a few seconds, not as long as the freeze lasts: every request that needs it gets 503
 * within about 5 seconds (a transaction's ROLLBACK waits once more). The statements of the app
 * take milliseconds; migrations run without these limits (`withoutDeadlines`).
 */
export const DEFAULT_PG_TIMEOUTS: PgTimeouts = {
  connectMs: 4_000,
  statementMs: 2_500,
  lockMs: 2_000,
  idleInTransactionMs: 30_000,
  queryMs: 3_000,
  idleMs: 5 * 60_000,
};

// COUNT(*) and SUM come back from PostgreSQL as strings unless told otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/**
 * A connection whose query passed `query_timeout` still waits for that answer, and the pool would
 * hand it out again: the next request would wait a whole deadline more behind it (and a
 * transaction's ROLLBACK too). The connection is closed instead, so what comes next fails at
 * once (503) or gets a fresh connection.
 */
function dropOnReadTimeout(client: pg.PoolClient, statements: ReturnType<typeof statementListeners>): void {
  type Query = (...args: unknown[]) => unknown;
  const query = client.query.bind(client) as Query;
  const socket = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    // A hot path's statement (db/prepared-query.ts) goes as a named prepared statement: this
    // connection parses and plans it once, not on every run.
    const name = typeof args[0] === 'string' && Array.isArray(args[1]) ? NAMED_STATEMENTS.get(args[0]) : undefined;
    if (name !== undefined) args = [{ name, text: args[0], values: args[1] }, ...args.slice(2)];
    let result: unknown;
    if (statements.listeners.size > 0) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      statements.tell(text ?? '');
      const callback = args[args.length - 1];
      if (typeof callback === 'function') {
        // The pool's own query (pool.query) passes a callback and gets no promise back.
        const done = statements.pending();
        args = [
          ...args.slice(0, -1),
          (...answer: unknown[]) => {
            done();
            return (callback as (...answer: unknown[]) => unknown)(...answer);
          },
        ];
        result = query(...args);
      } else result = statements.answered(query(...args));
    } else result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') socket?.destroy();
      });
    }
    return result;
  };
}

/**
 * The pool as Kysely asks it, with what fails while a connection is being opened marked so
 * (errors.ts connectFailure): the error handler tells a database that refuses new connections
 * (ALLOW_CONNECTIONS false, dropped, CONNECT revoked) from a statement's error of the same SQLSTATE.
 */
function markingConnectFailures(pool: pg.Pool): PostgresPool {
  return {
    connect: () =>
      pool.connect().catch((error: unknown) => {
        throw connectFailure(error);
      }),
    end: () => pool.end(),
  };
}

/** `databaseUrl` set: PostgreSQL; otherwise the embedded SQLite file (or ":memory:"). */
export function openDatabase(options: {
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL only: other limits than DEFAULT_PG_TIMEOUTS (tests make them short). */
  pgTimeouts?: Partial<PgTimeouts>;
}): DatabaseHandle {
  const statements = statementListeners();
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_PG_TIMEOUTS, ...options.pgTimeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Connections kept open between bursts (decision 0126): each one opened is a database process
      // started and its caches warmed, a wait of its own for the request that needs it. With the
      // driver's 10 s, a quiet moment closed them and the next burst opened them again: 37 in one
      // minute of 8 orders a second over four processes.
      min: POOL_KEPT,
      idleTimeoutMillis: timeouts.idleMs,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      query_timeout: timeouts.queryMs,
      // Lets the kernel notice a peer that vanished without closing the connection.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection dropped by the database must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.warn(`PostgreSQL pool: ${error.message}`));
    // The pool listens for errors only on idle connections. One checked out (a transaction between
    // two statements, the live adapter's LISTEN) that the database ends (restart, terminated
    // backend) would raise an unhandled 'error' event and end the process: every connection keeps
    // a listener of its own. The pool never hands such a connection out again (it is no longer
    // queryable), and whoever holds it sees its next query fail.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.warn(`PostgreSQL connection: ${error.message}`));
      dropOnReadTimeout(client, statements);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: markingConnectFailures(pool) }) });
    const withoutDeadlines = async <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
      const own = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({
            connectionString: options.databaseUrl,
            max: 1,
            connectionTimeoutMillis: timeouts.connectMs,
          }),
        }),
      });
      try {
        return await work(own);
      } finally {
        await own.destroy();
      }
    };
    return {
      db,
      dialect: 'postgres',
      pgPool: pool,
      withoutDeadlines,
      onStatement: statements.on,
      statementsInFlight: statements.inFlight,
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Deleted content is overwritten with zeros, not left in the file's free space: a deleted
  // person's remark must not be readable from a copy of the file (issue 31). Costs some writes.
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    // Every statement Kysely runs (BEGIN and COMMIT included), for onStatement.
    log: (event) => {
      if (statements.listeners.size > 0) statements.tell(event.query.sql);
    },
  });
  const maintenance = startSqliteMaintenance(sqlite, db);
  const withWritableSqliteSchema = async <T>(edit: () => Promise<T>): Promise<T> => {
    sqlite.unsafeMode(true);
    try {
      return await edit();
    } finally {
      sqlite.unsafeMode(false);
    }
  };
  return {
    db,
    dialect: 'sqlite',
    withWritableSqliteSchema,
    withoutDeadlines: (work) => work(db),
    onStatement: statements.on,
    // better-sqlite3 answers before Kysely's call returns: nothing is ever in flight between turns.
    statementsInFlight: () => 0,
    close: () => maintenance.stop().then(() => db.destroy()),
  };
}
