/**
 * How long a web test waits for what the screen, the fake server or the fake live channel should
 * bring (findBy, waitFor, vi.waitFor): a lazily loaded part can take seconds on a loaded 2-core
 * machine, and a wait for what never comes still fails (docs/decisions/0066-tests-wait-for-the-event.md).
 */
export const WAIT_MS = 30_000;

/** vi.waitFor's options: it gives up after 1 s unless told, and knows nothing of Testing Library's setting. */
export const WAITING = { timeout: WAIT_MS } as const;

/**
 * A test's own limit (vitest.config.ts): a guard against a hang, never a measure of speed. A test
 * that types into a form for 5 s alone took 40 s with the machine loaded ten times over.
 */
export const TEST_LIMIT_MS = 180_000;
