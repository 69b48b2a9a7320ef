import { setTimeout as sleep } from 'node:timers/promises';
import { WebAPIRateLimitedError, WebClient } from '@slack/web-api';
import { DELIVERY_TIMEOUT_MS } from './delivery';
import { bucketName, memoryPace, type Pace, type PaceBucket } from './pace';

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
  'users.info': { perMinute: 100, burst: 20 },
} as const;
export type SlackMethod = keyof typeof TIERS;

/**
 * chat.postMessage's ceiling over all channels of the workspace: Slack allows "several hundred
 * messages per minute" (api.slack.com/methods/chat.postMessage) beside one a second per channel.
 */
const WORKSPACE_POSTS = { perMinute: 600, burst: 20 } as const;

/** A call Slack keeps refusing with 429 is given up after this many tries. */
const MAX_TRIES = 5;

/** Where Slack's `response_url`s are (api.slack.com/interactivity/handling#message_responses). */
const SLACK_RESPONSES = 'https://hooks.slack.com';

/**
 * The one Slack Web API client of a server process (decision 0071). The bot token (SLACK_BOT_TOKEN)
 * serves the notifications' Slack channel and the Slack app, and Slack counts its rate limits per
 * app, so both call through this: @slack/web-api's `WebClient` (pointed at SLACK_API_URL; tests use
 * the fake of test-support/receivers.ts), which answers a 429 at once with Slack's Retry-After
 * (`rejectRateLimitedCalls`), and one queue per Web API method (per channel for chat.postMessage)
 * paced to Slack's tier by a token bucket, chat.postMessage also to the workspace's
 * ceiling over all channels (WORKSPACE_POSTS). The buckets are the deployment's, not the process's
 * (`pace`: in the database with PostgreSQL, lib/pace.ts), since Slack counts per app. After a 429
 * the method's buckets wait out the Retry-After;
 * the call is made again then (rendering anew what it sends), or, with `retry: false` (the outbox,
 * which keeps its own due times), fails with the 429. A call queued under a `key` (one message, one
 * person's Home) that is asked for again before it starts runs once: it renders when it runs.
 */
export function createSlackClient(
  config: { token: string; apiUrl: string },
  time: { now: () => number; sleep: (ms: number) => Promise<unknown> } = { now: Date.now, sleep },
  pace: Pace = memoryPace(),
) {
  const web = new WebClient(config.token, {
    slackApiUrl: `${config.apiUrl}/`,
    timeout: DELIVERY_TIMEOUT_MS,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
  const answerable = new Set([SLACK_RESPONSES, new URL(config.apiUrl).origin]);
  /**
   * Whether `url` is a `response_url` the client may answer: Slack's (https://hooks.slack.com), or
   * beside SLACK_API_URL (a fake of Slack's). An interaction is signed by Slack; still, no other
   * address is ever called.
   */
  const answers = (url: unknown): url is string => {
    if (typeof url !== 'string' || url.length > 2000) return false;
    try {
      return answerable.has(new URL(url).origin);
    } catch {
      return false;
    }
  };
  /** Per queue: its last call (the next one starts after it). */
  const lanes = new Map<string, { last: Promise<void> }>();
  /** The calls queued under a key that have not started yet. */
  const queued = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();

  return {
    web,

    /** Runs `run` (a call of `method`) in its queue, `lane` naming the channel of a chat.postMessage. */
    call<T>(
      method: SlackMethod,
      run: (web: WebClient) => Promise<T>,
      options: { lane?: string; key?: string; retry?: boolean } = {},
    ): Promise<T> {
      const name = `${method}:${options.lane ?? ''}`;
      const key = options.key === undefined ? null : `${name}:${options.key}`;
      const waiting = key === null ? undefined : queued.get(key);
      if (waiting) return waiting as Promise<T>;
      const lane = lanes.get(name) ?? { last: Promise.resolve() };
      lanes.set(name, lane);
      // The method's bucket (a channel's own for chat.postMessage), and the workspace's posts.
      const buckets: PaceBucket[] = [
        { name: options.lane ? bucketName(`slack:${method}`, options.lane) : `slack:${method}`, limit: TIERS[method] },
      ];
      if (method === 'chat.postMessage') buckets.push({ name: 'slack:workspace-posts', limit: WORKSPACE_POSTS });
      const call: Promise<T> = lane.last.then(async () => {
        for (let tries = 1; ; tries += 1) {
          const wait = await pace.reserve(buckets, time.now());
          if (wait > 0) await time.sleep(wait);
          if (key !== null) queued.delete(key);
          try {
            return await run(web);
          } catch (error) {
            if (!(error instanceof WebAPIRateLimitedError)) throw error;
            // Slack does not say which limit it was: the queue, and the workspace's posts, wait it out.
            await pace.hold(buckets, time.now() + error.retryAfter * 1000);
            if (options.retry === false || tries >= MAX_TRIES) throw error;
            if (key !== null) queued.set(key, call);
          }
        }
      });
      if (key !== null) queued.set(key, call);
      // Whoever waits for the call sees its failure; nobody waiting is no unhandled rejection.
      const done = (lane.last = call.then(
        () => undefined,
        () => undefined,
      ));
      running.add(done);
      void done.then(() => running.delete(done));
      return call;
    },

    answers,

    /**
     * An answer to an interaction through its `response_url` (`replace_original`: the message the
     * tap was on, `delete_original`): Slack counts these against no rate tier, up to five for one
     * interaction within 30 minutes (decision 0121). True when Slack took it; false when it said no
     * (used up, expired) or could not be reached, and the caller says it another way.
     */
    async respond(url: string, body: Record<string, unknown>): Promise<boolean> {
      if (!answers(url)) return false;
      try {
        // Not followed elsewhere by a redirect (as the webhooks): a 3xx is a refusal.
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(body),
          redirect: 'manual',
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        const text = await response.text();
        // Slack answers `ok` as text, or JSON with `ok` (false with the reason: used_url, expired_url).
        return response.ok && !/"ok"\s*:\s*false/.test(text);
      } catch {
        return false;
      }
    },

    /** Resolves when no call is queued or running. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type SlackClient = ReturnType<typeof createSlackClient>;
