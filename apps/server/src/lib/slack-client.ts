import { setTimeout as sleep } from 'node:timers/promises';
import { WebAPIRateLimitedError, WebClient } from '@slack/web-api';
import { DELIVERY_TIMEOUT_MS } from './delivery';

/**
 * Slack's published rate tiers (api.slack.com/apis/rate-limits): calls a minute, and how many may go
 * at once before the pace holds. chat.postMessage is about one a second per channel.
 */
const TIERS = {
  'chat.postMessage': { perMinute: 60, burst: 3 },
  'chat.update': { perMinute: 50, burst: 10 },
  'views.publish': { perMinute: 100, burst: 20 },
  'views.open': { perMinute: 100, burst: 20 },
  'views.update': { perMinute: 100, burst: 20 },
  'users.lookupByEmail': { perMinute: 100, burst: 20 },
} as const;
export type SlackMethod = keyof typeof TIERS;

/** A call Slack keeps refusing with 429 is given up after this many tries. */
const MAX_TRIES = 5;

interface Job {
  key: string | null;
  started: boolean;
  tries: number;
  retry: boolean;
  run: () => Promise<unknown>;
  promise: Promise<unknown>;
  settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
}
interface Lane {
  tier: (typeof TIERS)[SlackMethod];
  tokens: number;
  at: number;
  pausedUntil: number;
  jobs: Job[];
  draining: Promise<void> | null;
}

/**
 * The one Slack Web API client of a server process (decision 0071). The bot token (SLACK_BOT_TOKEN)
 * serves the notifications' Slack channel and the Slack app, and Slack counts its rate limits per
 * app, so both call through this: @slack/web-api's `WebClient` (pointed at SLACK_API_URL; tests use
 * the fake of test-support/receivers.ts), which answers a 429 at once with Slack's Retry-After
 * (`rejectRateLimitedCalls`), and one queue per Web API method (per channel for chat.postMessage)
 * paced to Slack's tier by a token bucket. After a 429 the method's queue waits out the Retry-After;
 * the call is made again then (rendering anew what it sends), or, with `retry: false` (the outbox,
 * which keeps its own due times), fails with the 429. A call queued under a `key` (one message, one
 * person's Home) that is asked for again before it starts runs once: it renders when it runs.
 */
export function createSlackClient(config: { token: string; apiUrl: string }) {
  const web = new WebClient(config.token, {
    slackApiUrl: `${config.apiUrl}/`,
    timeout: DELIVERY_TIMEOUT_MS,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
  const lanes = new Map<string, Lane>();

  async function drain(lane: Lane): Promise<void> {
    for (let job = lane.jobs[0]; job; job = lane.jobs[0]) {
      const now = Date.now();
      lane.tokens = Math.min(lane.tier.burst, lane.tokens + ((now - lane.at) * lane.tier.perMinute) / 60_000);
      lane.at = now;
      const paced = lane.tokens >= 1 ? 0 : ((1 - lane.tokens) * 60_000) / lane.tier.perMinute;
      const wait = Math.max(lane.pausedUntil - now, paced);
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      lane.tokens -= 1;
      job.started = true;
      try {
        job.settle.resolve(await job.run());
      } catch (error) {
        if (error instanceof WebAPIRateLimitedError) {
          lane.pausedUntil = Date.now() + error.retryAfter * 1000;
          if (job.retry && ++job.tries < MAX_TRIES) {
            job.started = false;
            continue;
          }
        }
        job.settle.reject(error);
      }
      lane.jobs.shift();
    }
  }

  return {
    web,

    /** Runs `run` (a call of `method`) in its queue, `lane` naming the channel of a chat.postMessage. */
    call<T>(
      method: SlackMethod,
      run: (web: WebClient) => Promise<T>,
      options: { lane?: string; key?: string; retry?: boolean } = {},
    ): Promise<T> {
      const name = `${method}:${options.lane ?? ''}`;
      const tier = TIERS[method];
      const lane = lanes.get(name) ?? {
        tier,
        tokens: tier.burst,
        at: Date.now(),
        pausedUntil: 0,
        jobs: [],
        draining: null,
      };
      lanes.set(name, lane);
      const key = options.key ?? null;
      const queued = key === null ? undefined : lane.jobs.find((j) => j.key === key && !j.started);
      if (queued) return queued.promise as Promise<T>;
      const settle = {} as Job['settle'];
      const promise = new Promise((resolve, reject) => Object.assign(settle, { resolve, reject }));
      // Whoever waits for it sees its failure; nobody waiting is no unhandled rejection.
      promise.catch(() => undefined);
      lane.jobs.push({
        key,
        started: false,
        tries: 0,
        retry: options.retry ?? true,
        run: () => run(web),
        promise,
        settle,
      });
      lane.draining ??= drain(lane).finally(() => (lane.draining = null));
      return promise as Promise<T>;
    },

    /** Resolves when no call is queued or running. */
    async idle(): Promise<void> {
      const busy = () => [...lanes.values()].flatMap((l) => (l.draining ? [l.draining] : []));
      for (let waiting = busy(); waiting.length > 0; waiting = busy()) await Promise.all(waiting);
    },
  };
}

export type SlackClient = ReturnType<typeof createSlackClient>;
