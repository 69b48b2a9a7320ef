import { setTimeout as sleep } from 'node:timers/promises';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { failAfter } from './deadline';
import { DELIVERY_TIMEOUT_MS } from './delivery';

/** A call LINE keeps refusing with 429 is given up after this many tries. */
const MAX_TRIES = 5;
/** LINE's 429 may come without a Retry-After: then this long. */
const DEFAULT_RETRY_AFTER_S = 1;

/** The seconds a 429 asks to wait (`Retry-After`), or null when the failure is no 429. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof HTTPFetchError) || error.status !== 429) return null;
  const seconds = Number(error.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) : DEFAULT_RETRY_AFTER_S;
}

/**
 * The LINE Messaging API client of a server process (decision 0092): @line/bot-sdk's
 * `MessagingApiClient` pointed at LINE_API_URL (tests use test-support/line-fake.ts). LINE's
 * limits are per channel and generous (thousands of calls a second for messages), so there is no
 * pace of its own: a 429 holds every call of the process for its `Retry-After` (1 s without one),
 * and the call is made again then (a push keeps its `X-Line-Retry-Key`, so LINE sends it once).
 * A call LINE does not answer within the delivery timeout fails (the SDK's fetch has none).
 */
export function createLineClient(
  config: { accessToken: string; apiUrl: string },
  time: { now: () => number; sleep: (ms: number) => Promise<unknown> } = { now: Date.now, sleep },
) {
  const api = new messagingApi.MessagingApiClient({ channelAccessToken: config.accessToken, baseURL: config.apiUrl });
  let heldUntil = 0;
  const running = new Set<Promise<unknown>>();

  async function attempt<T>(run: (api: messagingApi.MessagingApiClient) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries += 1) {
      const wait = heldUntil - time.now();
      if (wait > 0) await time.sleep(wait);
      try {
        return await failAfter(
          run(api),
          DELIVERY_TIMEOUT_MS,
          `LINE did not answer within ${DELIVERY_TIMEOUT_MS / 1000} s`,
        );
      } catch (error) {
        const seconds = retryAfterOf(error);
        if (seconds === null || tries >= MAX_TRIES) throw error;
        heldUntil = Math.max(heldUntil, time.now() + seconds * 1000);
      }
    }
  }

  return {
    api,
    /** Runs `run` once LINE's last 429 is waited out, again after a 429. */
    call<T>(run: (api: messagingApi.MessagingApiClient) => Promise<T>): Promise<T> {
      const call = attempt(run);
      const done = call.then(
        () => undefined,
        () => undefined,
      );
      running.add(done);
      void done.then(() => running.delete(done));
      return call;
    },
    /** Resolves when no call is running. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type LineClient = ReturnType<typeof createLineClient>;
