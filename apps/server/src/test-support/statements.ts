import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection';

/** A server process and the database it runs on, as the count sees them. */
export interface Counted {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/**
 * What a piece of work sent to the database, statement by statement (BEGIN and COMMIT included,
 * and on PostgreSQL the live events' relays): its round trips, counted. A count is deterministic,
 * so a test can hold it (docs/performance.md, "The cost of one order"). The count runs until every
 * process is quiet (`quiet`): what the work set going after its answer (its live events, a busy
 * check on the next turn) counts too.
 */
export async function statementsOf(
  processes: Counted | readonly Counted[],
  work: () => Promise<unknown>,
): Promise<string[]> {
  const all = Array.isArray(processes) ? (processes as readonly Counted[]) : [processes as Counted];
  const sent: string[] = [];
  const stops = all.map(({ database }) => database.onStatement((text) => sent.push(oneLine(text))));
  try {
    await work();
    await quiet(all, () => sent.length);
  } finally {
    for (const stop of stops) stop();
  }
  return sent;
}

/**
 * Resolves once a whole turn of the event loop passes in which no process has a live event
 * waiting for its number, no statement is waiting for its answer, and nothing new was sent.
 */
export async function quiet(processes: readonly Counted[], sentSoFar: () => number): Promise<void> {
  for (let calm = 0; calm < 3;) {
    const before = sentSoFar();
    for (const { app } of processes) await app.ctx.events.settled();
    await nextTurn();
    const busy = processes.some(({ database }) => database.statementsInFlight() > 0);
    calm = !busy && sentSoFar() === before ? calm + 1 : 0;
    if (busy) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A statement on one line, shortened: what a failing count prints. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
