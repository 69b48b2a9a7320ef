import { setTimeout as sleep } from 'node:timers/promises';

/*
 * How long a test waits for what load can delay (docs/decisions/0066-tests-wait-for-the-event.md):
 * on a 2-core machine loaded by other work, what takes milliseconds alone can take seconds. A test
 * waits for the thing itself, up to a generous bound; what never comes still fails, at the bound.
 */

/** For an event, a row, a delivery or an answer a test expects: seconds on a loaded machine, never 30. */
export const EVENT_WAIT_MS = 30_000;

/** For a process a test starts (the server or the operator's CLI from source, compiled by tsx first). */
export const PROCESS_WAIT_MS = 180_000;

/**
 * A test's own limit (vitest.config.ts): a guard against a hang, never a measure of speed. A test
 * that works the CPU for 20 s alone takes minutes on a machine loaded ten times over.
 */
export const TEST_LIMIT_MS = 300_000;

/**
 * Resolves once `check` holds, asking every `intervalMs`; fails naming `what` after EVENT_WAIT_MS.
 * Real time (node:timers), whatever a test fakes.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, intervalMs = 20): Promise<void> {
  const deadline = performance.now() + EVENT_WAIT_MS;
  for (;;) {
    if (await check()) return;
    if (performance.now() > deadline) throw new Error(`not within ${EVENT_WAIT_MS} ms: ${what}`);
    await sleep(intervalMs);
  }
}
