// Straight access to the app's database (SQLite file or PostgreSQL) for seeding before the server
// starts and for the rush's checks afterwards; and the bench's own PostgreSQL databases.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

/** Creates cafe_bench_<random> on the server of `baseUrl`; `drop()` removes it (forcing connections off). */
export async function createPgDatabase(baseUrl, tag) {
  const name = `cafe_bench_${tag}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * One small interface over both engines: `query(sql, params)` with `?` placeholders (turned into
 * $1.. for PostgreSQL), `insertRows(table, columns, rows)` in chunks inside one transaction.
 */
export async function openDirect({ sqliteFile, pgUrl }) {
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    // Dropping the database at the end ends this connection too; that is no reason to crash.
    client.on('error', () => {});
    await client.connect();
    const toPg = (sql) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      engine: 'postgres',
      async query(sql, params = []) {
        return (await client.query(toPg(sql), params)).rows;
      },
      async insertRows(table, columns, rows) {
        const perChunk = Math.max(1, Math.floor(30000 / columns.length));
        await client.query('BEGIN');
        try {
          for (let i = 0; i < rows.length; i += perChunk) {
            const chunk = rows.slice(i, i + perChunk);
            const params = [];
            const tuples = chunk.map((row) => {
              const marks = row.map((value) => {
                params.push(value);
                return `$${params.length}`;
              });
              return `(${marks.join(',')})`;
            });
            await client.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      },
      async columns(table) {
        const rows = await client.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [
          table,
        ]);
        return rows.rows.map((r) => r.column_name);
      },
      /** Explicit ids were inserted: move the serial sequence past them. */
      async fixSequence(table) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${table}))`,
        );
      },
      async analyze() {
        await client.query('ANALYZE');
      },
      close: () => client.end(),
    };
  }
  const db = new Database(sqliteFile);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  return {
    engine: 'sqlite',
    async query(sql, params = []) {
      const statement = db.prepare(sql);
      return statement.reader ? statement.all(params) : (statement.run(params), []);
    },
    async insertRows(table, columns, rows) {
      const statement = db.prepare(
        `INSERT INTO ${table} (${columns.join(',')}) VALUES (${columns.map(() => '?').join(',')})`,
      );
      db.transaction((all) => {
        for (const row of all) statement.run(row);
      })(rows);
    },
    async columns(table) {
      return db
        .prepare(`PRAGMA table_info(${table})`)
        .all()
        .map((r) => r.name);
    },
    async fixSequence() {
      // SQLite's AUTOINCREMENT follows the largest id by itself.
    },
    async analyze() {
      db.exec('ANALYZE');
    },
    async close() {
      db.close();
    },
  };
}
