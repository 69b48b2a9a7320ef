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
 * check on the next turn) counts too. With several processes it starts once each has heard every
 * message the others sent before (`heardEverything`): one of them arriving late (a loaded
 * machine) would otherwise drop a copy in the middle of the count, and its read again be counted
 * as the work's.
 */
export async function statementsOf(
  processes: Counted | readonly Counted[],
  work: () => Promise<unknown>,
): Promise<string[]> {
  const all = Array.isArray(processes) ? (processes as readonly Counted[]) : [processes as Counted];
  await heardEverything(all);
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

const MARKER = 'test.heard-everything';
/** Per process: the markers it heard, each once, and who waits for one. */
const hearing = new WeakMap<FastifyInstance, { heard: Set<string>; waiters: Map<string, () => void> }>();
let markers = 0;

function hearingOf(app: FastifyInstance) {
  let state = hearing.get(app);
  if (!state) {
    const own = { heard: new Set<string>(), waiters: new Map<string, () => void>() };
    app.ctx.bus.subscribe(MARKER, (key) => {
      if (typeof key !== 'string') return;
      own.heard.add(key);
      own.waiters.get(key)?.();
    });
    hearing.set(app, own);
    state = own;
  }
  return state;
}

/**
 * Resolves once every process has heard everything the others told it before: each sends a
 * marker after its messages (PostgreSQL delivers notifications in the order they were committed),
 * and each waits for every other's. The markers' own statements are not counted (no listener is
 * on yet); what hearing a message set going is awaited (`quiet`).
 */
async function heardEverything(processes: readonly Counted[]): Promise<void> {
  if (processes.length < 2) return;
  const states = processes.map(({ app }) => hearingOf(app));
  const sent = processes.map(({ app }) => {
    const key = `${process.pid}:${(markers += 1)}`;
    app.ctx.bus.publish(MARKER, key);
    return key;
  });
  await Promise.all(
    states.flatMap((state) =>
      sent.map(
        (key) =>
          new Promise<void>((resolve) => {
            if (state.heard.has(key)) resolve();
            else state.waiters.set(key, resolve);
          }),
      ),
    ),
  );
  const none = processes.map(({ database }) => database.onStatement(() => undefined));
  try {
    await quiet(processes, () => 0);
  } finally {
    for (const stop of none) stop();
  }
}

/** A statement on one line, shortened: what a failing count prints. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
