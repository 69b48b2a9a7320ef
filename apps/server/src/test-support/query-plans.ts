import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from '../db/types';
import type { TestApp } from './test-app';

/** Remembers every statement run through it, unchanged (subqueries pass through too, but only run ones count). */
class StatementRecorder implements KyselyPlugin {
  private readonly seen = new Map<QueryId, RootOperationNode>();
  readonly statements: { node: RootOperationNode; queryId: QueryId }[] = [];
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.seen.set(queryId, node);
    return node;
  }
  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.seen.get(queryId);
    if (node) this.statements.push({ node, queryId });
    return Promise.resolve(result);
  }
}

/**
 * The plan of every statement `run` sends, one text per statement: SQLite's EXPLAIN QUERY PLAN,
 * or PostgreSQL's EXPLAIN with sequential scans priced out (on a test's few rows PostgreSQL would
 * rightly scan the table; this shows which index the statement can be answered from instead).
 * For tests that hold a query to the index meant for it (docs/decisions/0016).
 */
export async function queryPlans(t: TestApp, run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const recorder = new StatementRecorder();
  const db = t.app.ctx.db;
  await run(db.withPlugin(recorder));
  const plans: string[] = [];
  for (const { node, queryId } of recorder.statements) {
    const statement = db.getExecutor().compileQuery(node, queryId);
    const parameters = [...statement.parameters];
    if (t.app.ctx.dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, parameters),
      );
      plans.push(rows.map((r) => r.detail).join('\n'));
    } else {
      plans.push(
        await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${statement.sql}`, parameters),
          );
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        }),
      );
    }
  }
  return plans;
}
