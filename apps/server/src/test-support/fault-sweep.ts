import { createServer, type Server, type Socket } from 'node:net';
import { ErrorBodySchema } from '@cafe/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DefaultQueryExecutor } from 'kysely';
import type { Dialect } from '../db/connection';
import { resetVictims, type Sweep } from './bad-input';
import { freePort } from './free-port';
import type { LogCapture } from './log-capture';

/**
 * OWASP A10 (exceptional conditions), decision 0082: every route fails closed when what it depends
 * on throws. The tools: a database that fails from its n-th statement on, a peer that accepts
 * connections and never answers (a Slack Web API or a mail server that hangs), and the judge of
 * an answer given meanwhile.
 */

/** No answer by then is a hang (a generous ceiling: the database's own deadlines are a few seconds). */
export const HANG_CEILING_MS = 30_000;

/** What a broken connection throws, on each engine, in turn: the n-th failure gets the n-th kind. */
function brokenConnection(dialect: Dialect, n: number): Error {
  if (dialect === 'sqlite') {
    // better-sqlite3 after its handle closed; a failing disk.
    return n % 2 === 0
      ? new TypeError('The database connection is not open')
      : Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
  }
  // node-postgres when the socket drops; the server shutting down (admin_shutdown).
  return n % 2 === 0
    ? new Error('Connection terminated unexpectedly')
    : Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

export interface DatabaseFault {
  /**
   * From now on, lets `after` statements through and fails every one after them, until `heal`.
   * Any statement counts: a sweep stops the server's own timers first (stopBackgroundWork), so
   * that they do not take the fault instead of the request.
   */
  arm(after: number): void;
  heal(): void;
  /** How many statements failed since `arm`. */
  hits(): number;
  /** How many runs met the fault since the fault was put in (a sweep that met none proves nothing). */
  runsFailed(): number;
  /** Takes the fault out of Kysely again (afterAll). */
  remove(): void;
}

/**
 * Fails statements where every statement of the app passes: Kysely's query executor (transactions
 * included; their BEGIN and ROLLBACK still go, as they do when one statement of a transaction fails).
 */
export function injectDatabaseFault(dialect: Dialect): DatabaseFault {
  type Execute = (this: unknown, ...args: unknown[]) => Promise<unknown>;
  const prototype = DefaultQueryExecutor.prototype as unknown as { executeQuery: Execute };
  const original = prototype.executeQuery;
  let letThrough: number | null = null;
  let hits = 0;
  let kind = 0;
  let runsFailed = 0;
  prototype.executeQuery = function (this: unknown, ...args: unknown[]) {
    if (letThrough !== null) {
      if (letThrough === 0) {
        if (hits === 0) runsFailed += 1;
        hits += 1;
        kind += 1;
        return Promise.reject(brokenConnection(dialect, kind));
      }
      letThrough -= 1;
    }
    return original.apply(this, args);
  };
  return {
    arm(after) {
      letThrough = after;
      hits = 0;
    },
    heal() {
      letThrough = null;
    },
    hits: () => hits,
    runsFailed: () => runsFailed,
    remove() {
      delete (prototype as { executeQuery?: Execute }).executeQuery;
    },
  };
}

/**
 * Stops what the server does on its own timers (the outbox's deliveries, releases of orders for
 * later, standing orders, retention, the opening hours): a sweep's fault is then met by the
 * request it sends, not by a timer that happened to run meanwhile.
 */
export async function stopBackgroundWork(app: FastifyInstance): Promise<void> {
  const { services } = app.ctx;
  await services.schedule.stop();
  await services.orders.stopReleases();
  await services.standing.stop();
  await services.retention.stop();
  await services.notifications.stop();
}

/** A TCP peer that takes every connection and never says a word: a Slack API or mail server that hangs. */
export async function startSilentPeer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The answer, or null when none came within the ceiling. */
export async function answerWithin(
  answer: Promise<LightMyRequestResponse>,
  ms = HANG_CEILING_MS,
): Promise<LightMyRequestResponse | null> {
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([answer, ceiling]);
  } finally {
    clearTimeout(timer);
  }
}

/** What leaks an internal: an engine's or a library's words, a stack, an error class. */
const INTERNAL_WORDS =
  /TypeError|SQLITE|disk I\/O|Connection terminated|administrator command|\bat \S+\.(ts|js)|stack/i;

/**
 * What is wrong with an answer given while a dependency failed: not a 4xx or a 503, not in the
 * error shape, a message that is empty or speaks of internals, a 503 without Retry-After, or no
 * warning or error line of the request's id in the log. Null when it is right.
 */
export function judgeFailure(res: LightMyRequestResponse, log: LogCapture): string | null {
  const status = res.statusCode;
  if (status >= 500 && status !== 503) return `answered ${status}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `answered ${status} without a JSON body`;
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return `answered ${status} outside the error shape: ${res.body.slice(0, 120)}`;
  if (parsed.data.message.trim() === '' || INTERNAL_WORDS.test(parsed.data.message))
    return `answered ${status} with the message "${parsed.data.message}"`;
  if (status === 503 && res.headers['retry-after'] === undefined) return 'answered 503 without Retry-After';
  const id = String(res.headers['x-request-id']);
  if (!log.ofRequest(id).some((entry) => entry.level >= 40))
    return `answered ${status} (${parsed.data.message}) with no warning or error in the log for request ${id}`;
  return null;
}

/** Most statements a request of the sweep may send: past this the sweep stops moving the fault on. */
const MOST_STATEMENTS = 60;

/** Statements that write. */
const WRITE = /^\s*(insert|update|delete)\b/i;
/**
 * Writes that follow a commit by design (lib/domain-events.ts, decision 0045): the live events'
 * numbers and the audit entry of the change. A failure of one is logged and leaves the change
 * whole; it is not a second step of the change (decision 0082).
 */
const AFTER_COMMIT = /^\s*insert\s+into\s+"?(live_sequences|live_log|audit_log)"?/i;
/** Taking out rows whose time is over (done whenever a table is next used, of one channel), not a part of a change. */
const PURGE =
  /^\s*delete\s+from\s+"?\w+"?\s+where\s+("?channel"?\s*=\s*(\?|\$\d+)\s+and\s+)?"?\w+_at"?\s*<\s*(\?|\$\d+)\s*$/i;
/**
 * A chat request's signature or delivery id, kept before the request is acted on (a replay is
 * refused): a security control's record, rightly kept when the work after it fails.
 */
const CONTROL_RECORD = /^\s*insert\s+into\s+"?chat_seen"?/i;
const notAStep = (text: string) => AFTER_COMMIT.test(text) || PURGE.test(text) || CONTROL_RECORD.test(text);

/**
 * The separate steps a request writes in: each transaction that writes, and each write sent
 * outside one. More than one step can be left half done by a failure between them.
 */
function writeSteps(statements: string[]): number {
  let steps = 0;
  let inTransaction = false;
  let wrote = false;
  for (const text of statements) {
    if (/^\s*begin\b/i.test(text)) {
      inTransaction = true;
      wrote = false;
    } else if (/^\s*(commit|rollback)\b/i.test(text)) {
      if (wrote && /^\s*commit/i.test(text)) steps += 1;
      inTransaction = false;
    } else if (WRITE.test(text) && !notAStep(text)) {
      if (inTransaction) wrote = true;
      else steps += 1;
    }
  }
  return steps;
}

/**
 * Sends `request` again and again, its database failing from the first statement on, then the
 * second, and so on until it runs without meeting the fault (the clean run). Every answer meanwhile
 * must come within the ceiling and be a failure judged right (judgeFailure), or a success whose
 * failing statement came after its commit and is in the log. Nothing can be half-written: the clean
 * run writes in one transaction (or one statement) at most, so a failure leaves the change whole or
 * absent. The request is made anew for each run (a Slack request is signed once). Answers the
 * problems found.
 */
export async function sweepDatabaseFaults(
  sweep: Sweep,
  fault: DatabaseFault,
  log: LogCapture,
  what: string,
  request: () => InjectOptions,
): Promise<string[]> {
  const { t } = sweep;
  // The saved world is put back after a run that wrote (a read-only run leaves it as it was).
  let wrote = true;
  /** One run with the fault after `after` statements: what is wrong with it, and whether it met the fault. */
  const run = async (after: number): Promise<{ problem: string | null; hit: boolean; final: boolean }> => {
    const at = `${what} [statement ${after + 1} failing]`;
    if (wrote) await resetVictims(sweep);
    log.clear();
    const statements: string[] = [];
    const stop = t.database.onStatement((text) => statements.push(text));
    fault.arm(after);
    let res: LightMyRequestResponse | null;
    try {
      res = await answerWithin(t.app.inject(request()));
    } finally {
      fault.heal();
      stop();
    }
    const hit = fault.hits() > 0;
    wrote = statements.some((text) => WRITE.test(text));
    await t.app.ctx.events.settled();
    if (!res) return { problem: `${at} gave no answer within ${HANG_CEILING_MS / 1000} s`, hit, final: true };
    if (!hit) {
      const steps = writeSteps(statements);
      const problem =
        steps > 1 ? `${what} writes in ${steps} separate steps: a failure between them leaves half` : null;
      return { problem, hit, final: true };
    }
    if (res.statusCode < 400) {
      const logged = log.entries().some((entry) => entry.level >= 40);
      return {
        problem: logged ? null : `${at} answered ${res.statusCode} and logged nothing of the failure`,
        hit,
        final: false,
      };
    }
    const problem = judgeFailure(res, log);
    return { problem: problem && `${at} ${problem}`, hit, final: false };
  };

  const problems: string[] = [];
  for (let after = 0; after < MOST_STATEMENTS; after += 1) {
    let outcome = await run(after);
    // A statement of something else (a cache filled meanwhile, a library loading) may have taken the
    // fault: a problem counts when the same run shows it again.
    if (outcome.problem && !outcome.final) {
      const again = await run(after);
      if (!again.problem) continue;
      outcome = again;
    }
    if (outcome.problem) problems.push(outcome.problem);
    if (outcome.final) return problems;
  }
  problems.push(`${what}: still meeting the fault after ${MOST_STATEMENTS} statements`);
  return problems;
}
