import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './types';

/** Stands in for a parameter while a query is compiled once. */
class Slot {
  constructor(readonly name: string) {}
}

type Binding = { slot: string } | { constant: unknown };

/**
 * The SQL of every query made here, with a name: PostgreSQL connections prepare it once under that
 * name (the pool's connections pass it on, db/connection.ts), instead of parsing and planning the
 * same text on every run. A fixed, small set: these are the hot paths' statements, compiled once.
 */
export const NAMED_STATEMENTS = new Map<string, string>();

/**
 * A query built and compiled by Kysely once per SQL dialect, then run with new values: Kysely
 * otherwise builds an operation tree and compiles it to SQL on every call, which cost more than
 * SQLite running the statement on the hottest paths (placing an order, the queue). `build` gets
 * stand-ins for the named parameters; each must be used as a plain value (not inside an array,
 * which Kysely expands into a list of its own length). Values written in the query itself
 * (e.g. a status) stay as they were compiled.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  names: readonly (keyof P & string)[],
  build: (db: Db, params: P) => Compilable<R>,
): (db: Db, params: P) => Promise<R[]> {
  const compiled = new Map<unknown, { sql: string; bindings: Binding[] }>();
  return async (db, params) => {
    const executor = db.getExecutor();
    // One compiled form per dialect (the adapter's class), shared by the database and its transactions.
    const dialect = executor.adapter.constructor;
    let entry = compiled.get(dialect);
    if (!entry) {
      const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as P;
      const query = build(db, slots).compile();
      entry = {
        sql: query.sql,
        bindings: query.parameters.map((value) => (value instanceof Slot ? { slot: value.name } : { constant: value })),
      };
      compiled.set(dialect, entry);
      if (!NAMED_STATEMENTS.has(entry.sql)) NAMED_STATEMENTS.set(entry.sql, `cafe_${NAMED_STATEMENTS.size + 1}`);
    }
    const values = entry.bindings.map((binding) => ('slot' in binding ? params[binding.slot] : binding.constant));
    const result = await db.executeQuery<R>(CompiledQuery.raw(entry.sql, values));
    return result.rows;
  };
}
