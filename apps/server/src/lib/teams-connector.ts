import { setTimeout as sleep } from 'node:timers/promises';
import type * as AgentsHosting from '@microsoft/agents-hosting';
import type { ConnectorClient } from '@microsoft/agents-hosting';
import { failAfter } from './deadline';
import { DELIVERY_TIMEOUT_MS } from './delivery';
import { bucketName, memoryPace, type Pace, type PaceBucket } from './pace';
import type { TeamsAuth } from './teams-auth';

/** Where a Teams conversation is: the Bot Connector of its region, and its id. */
export interface Conversation {
  serviceUrl: string;
  conversationId: string;
}
export type Activity = Record<string, unknown>;

/**
 * Teams's published limits for a bot (learn.microsoft.com, "Optimize your bot: rate limiting"): per
 * conversation 7 messages a second and 60 in 30 seconds; over all conversations 50 a second. The
 * client keeps to 90 % of each (lib/pace.ts PACE_SHARE).
 */
const PER_CONVERSATION = { perMinute: 120, burst: 7 };
const PER_BOT = { perMinute: 3000, burst: 20 };
/** A call Teams keeps refusing with 429 is given up after this many tries. */
const MAX_TRIES = 5;

/** A 429's Retry-After (seconds or an HTTP date) in ms; a second when it says nothing usable. */
function retryAfterMs(error: unknown, now: number): number | null {
  const { status, response } = (error ?? {}) as { status?: number; response?: { headers?: Headers } };
  if (status !== 429) return null;
  const header = response?.headers?.get?.('retry-after') ?? '';
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

/**
 * The bot's calls to the Bot Connector at an activity's serviceUrl (decision 0091): the Microsoft
 * 365 Agents SDK's `ConnectorClient` (loaded when the first call is made), with the bot's bearer
 * token. One queue per conversation, paced to Teams's limits by token buckets (the deployment's:
 * `pace`, in the database with PostgreSQL, lib/pace.ts); after a 429 the
 * conversation waits out the Retry-After and the call is made again (rendering anew what it sends).
 * A call queued under a `key` (one order's card) asked for again before it starts runs once.
 */
export function createTeamsConnector(
  auth: Pick<TeamsAuth, 'botToken'>,
  time: { now: () => number; sleep: (ms: number) => Promise<unknown> } = { now: Date.now, sleep },
  pace: Pace = memoryPace(),
) {
  let sdk: Promise<typeof AgentsHosting> | null = null;
  async function clientOf(serviceUrl: string): Promise<ConnectorClient> {
    sdk ??= import('@microsoft/agents-hosting');
    const { ConnectorClient } = await sdk;
    return ConnectorClient.createClientWithToken(serviceUrl, await auth.botToken());
  }
  /** Per conversation: its last call (the next one starts after it). */
  const lanes = new Map<string, { last: Promise<void> }>();
  const queued = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();

  /**
   * `run` in the conversation's queue. An idempotent call (a read, an update in place) whose
   * connection dropped before any answer (fetch's TypeError: a kept-alive connection the other
   * side had closed, a reset) is made once more; a new message is not, lest it be posted twice.
   */
  function call<T>(
    at: Conversation,
    run: (client: ConnectorClient) => Promise<T>,
    { key, idempotent = false }: { key?: string | undefined; idempotent?: boolean } = {},
  ): Promise<T> {
    const name = at.conversationId;
    const keyed = key === undefined ? null : `${name}:${key}`;
    const waiting = keyed === null ? undefined : queued.get(keyed);
    if (waiting) return waiting as Promise<T>;
    const lane = lanes.get(name) ?? { last: Promise.resolve() };
    lanes.set(name, lane);
    const conversation: PaceBucket = { name: bucketName('teams:conversation', name), limit: PER_CONVERSATION };
    const buckets: PaceBucket[] = [conversation, { name: 'teams:bot', limit: PER_BOT }];
    const made: Promise<T> = lane.last.then(async () => {
      let dropped = false;
      for (let tries = 1; ; tries += 1) {
        const wait = await pace.reserve(buckets, time.now());
        if (wait > 0) await time.sleep(wait);
        if (keyed !== null) queued.delete(keyed);
        try {
          const answered = clientOf(at.serviceUrl).then(run);
          return await failAfter(answered, DELIVERY_TIMEOUT_MS, 'the Bot Connector did not answer in time');
        } catch (error) {
          if (idempotent && !dropped && error instanceof TypeError) {
            dropped = true;
            continue;
          }
          const hold = retryAfterMs(error, time.now());
          if (hold === null || tries >= MAX_TRIES) throw error;
          await pace.hold([conversation], time.now() + hold);
          if (keyed !== null) queued.set(keyed, made);
        }
      }
    });
    if (keyed !== null) queued.set(keyed, made);
    const done = (lane.last = made.then(
      () => undefined,
      () => undefined,
    ));
    running.add(done);
    void done.then(() => {
      running.delete(done);
      // An idle conversation's queue is forgotten (its pace is the Pace's).
      if (lane.last === done) lanes.delete(name);
    });
    return made;
  }

  const message = (activity: Activity) => ({ type: 'message', ...activity }) as never;

  return {
    /** A new message in the conversation: its activity id, to update it. */
    async send(at: Conversation, activity: Activity): Promise<string> {
      const sent = await call(at, (c) => c.sendToConversation(at.conversationId, message(activity)));
      if (typeof sent?.id !== 'string') throw new Error('the Bot Connector gave the message no id');
      return sent.id;
    },
    /** A message updated in place; `render` runs when the call starts (null: nothing to send). */
    update(at: Conversation, activityId: string, render: () => Promise<Activity | null>, key?: string) {
      return call(
        at,
        async (c) => {
          const activity = await render();
          return activity && c.updateActivity(at.conversationId, activityId, message({ ...activity, id: activityId }));
        },
        { key, idempotent: true },
      );
    },
    /** A member of the conversation as Teams knows them (its e-mail is the one Entra ID verified). */
    member(at: Conversation, userId: string) {
      return call(at, (c) => c.getConversationMember(userId, at.conversationId), { idempotent: true }) as Promise<{
        name?: string;
        email?: string;
        userPrincipalName?: string;
      }>;
    },
    /** Resolves when no call is queued or running. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type TeamsConnector = ReturnType<typeof createTeamsConnector>;
