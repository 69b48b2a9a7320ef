import { clockTimeText, type Run, type SlotList } from '@cafe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { slackSignature } from '../modules/slack/slack.verify';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from './order-fixtures';
import { startSlackReceiver, type FakeSlackProfile, type SlackCall } from './receivers';
import { FIRST_SITE_ID, type TestApp, type TestUser } from './test-app';

/** The Slack app in tests: its secrets, the fake Web API, and requests signed as Slack signs them. */
export const SIGNING_SECRET = 'slack-signing-secret-for-the-tests-0123';
export const SLACK_TOKEN = 'xoxb-slack-app-test-token';
export const TEAM = 'T0CAFE';

export interface SlackSetup {
  t: TestApp;
  menu: SeededMenu;
  image: string;
  slack: Awaited<ReturnType<typeof startSlackReceiver>>;
  profiles: Record<string, FakeSlackProfile>;
  close(): Promise<void>;
}

export async function createSlackApp(
  options: { clockNow?: string; env?: Record<string, string> } = {},
): Promise<SlackSetup> {
  const profiles: Record<string, FakeSlackProfile> = {};
  const slack = await startSlackReceiver({ token: SLACK_TOKEN, people: {}, team: TEAM, profiles });
  const { t, menu, image } = await createOrderingApp({
    ...(options.clockNow ? { clockNow: options.clockNow } : {}),
    env: {
      PUBLIC_URL: 'https://cafe.example.com',
      SLACK_BOT_TOKEN: SLACK_TOKEN,
      SLACK_API_URL: slack.apiUrl,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      ...options.env,
    },
  });
  return {
    t,
    menu,
    image,
    slack,
    profiles,
    close: async () => {
      await t.close();
      await slack.close();
    },
  };
}

/** Headers Slack would send with `body` now (by the app's clock), or as told. */
export function slackHeaders(
  t: { clock: { now(): Date } },
  body: string,
  contentType: string,
  options: { secret?: string; ageSeconds?: number } = {},
): Record<string, string> {
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000) - (options.ageSeconds ?? 0));
  return {
    'content-type': contentType,
    'x-slack-request-timestamp': timestamp,
    'x-slack-signature': slackSignature(options.secret ?? SIGNING_SECRET, timestamp, body),
  };
}

/** Sends a signed request as Slack would, and waits for the Web API calls it started. */
export async function sendSigned(
  t: TestApp,
  url: string,
  body: string,
  contentType: string,
  options: { secret?: string; ageSeconds?: number; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: options.headers ?? slackHeaders(t, body, contentType, options),
  });
  await t.app.ctx.services.slack.settled();
  return res;
}

const FORM = 'application/x-www-form-urlencoded';

let commands = 0;

/** `/coffee <text>` from a Slack user (each with its own trigger_id, as Slack sends). */
export function coffeeCommand(slackUserId: string, text = '', team = TEAM): string {
  return new URLSearchParams({
    token: 'legacy',
    team_id: team,
    user_id: slackUserId,
    command: '/coffee',
    text,
    trigger_id: `trigger-${slackUserId}-${++commands}`,
    response_url: 'https://hooks.slack.invalid/commands/1',
  }).toString();
}

export const sendCommand = (t: TestApp, body: string, options: Parameters<typeof sendSigned>[4] = {}) =>
  sendSigned(t, '/api/slack/commands', body, FORM, options);

/** An interaction payload as Slack form-encodes it. */
export function interactionBody(payload: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export const sendInteraction = (
  t: TestApp,
  payload: Record<string, unknown>,
  options: Parameters<typeof sendSigned>[4] = {},
) => sendSigned(t, '/api/slack/interactions', interactionBody(payload), FORM, options);

let taps = 0;

/** A tap on a button of the app (each tap its own action_ts, as Slack sends). */
export function buttonTap(slackUserId: string, actionId: string, value: string, team = TEAM): Record<string, unknown> {
  return {
    type: 'block_actions',
    team: { id: team },
    user: { id: slackUserId, team_id: team },
    trigger_id: `trigger-${slackUserId}`,
    actions: [{ action_id: actionId, value, type: 'button', action_ts: `1700000000.${++taps}` }],
  };
}

/**
 * A tap on a button of a message, as Slack sends it: with a new response_url of the fake (the app
 * answers in place of the message through it, decision 0121).
 */
export function messageTap(setup: SlackSetup, slackUserId: string, actionId: string, value: string) {
  return {
    ...buttonTap(slackUserId, actionId, value),
    container: { type: 'message', is_ephemeral: true },
    response_url: setup.slack.responseUrl(),
  };
}

/** A tap of a button on the person's App Home: Slack sends the Home view it was on with it. */
export function homeTap(slackUserId: string, actionId: string, value: string, team = TEAM): Record<string, unknown> {
  return {
    ...buttonTap(slackUserId, actionId, value, team),
    container: { type: 'view', view_id: 'V0HOME' },
    view: { id: 'V0HOME', type: 'home' },
  };
}

export const sendEvent = (t: TestApp, body: Record<string, unknown>, options: Parameters<typeof sendSigned>[4] = {}) =>
  sendSigned(t, '/api/slack/events', JSON.stringify(body), 'application/json', options);

/** Links `slackUserId` to `user` the way a workspace that confirms e-mails does: users.info tells their address. */
export function vouchFor(setup: SlackSetup, slackUserId: string, user: TestUser): void {
  setup.profiles[slackUserId] = { name: user.name, email: user.email, confirmed: true };
}

/** The Web API calls of `method` so far. */
export const callsOf = (setup: SlackSetup, method: string): SlackCall[] =>
  setup.slack.calls.filter((c) => c.method === method);

/** All text of a message's or view's blocks, for asserting what the person reads. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('\n');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join('\n');
  return '';
}

/** PUT /api/me/usual as `user`: the drink `/coffee` orders (docs/standing-orders.md). */
export async function saveUsual(t: TestApp, user: TestUser, drink: Record<string, unknown>): Promise<void> {
  const res = await t.request('PUT', '/api/me/usual', user, drink);
  if (res.statusCode !== 200) throw new Error(`PUT /api/me/usual: ${res.statusCode} ${res.body}`);
}

/** What the person avoids (PUT /api/user/me/avoids), with their consent to keep it. */
export async function saveAvoids(t: TestApp, user: TestUser, avoids: string[]): Promise<void> {
  const res = await t.request('PUT', '/api/user/me/avoids', user, { avoids, consent: true });
  if (res.statusCode !== 200) throw new Error(`PUT /api/user/me/avoids: ${res.statusCode} ${res.body}`);
}

/** What a chat person is set up with: their language, a recent tumbler photo, a usual, what they avoid. */
export interface ChatPersonOptions {
  usual?: Record<string, unknown>;
  language?: 'en' | 'th';
  avoids?: string[];
  photo?: boolean;
}

/**
 * A person any chat channel can serve once linked: their language, a recent tumbler photo
 * (yesterday's web order, cancelled) unless `photo: false`, and, when given, a usual saved
 * (PUT /api/me/usual) and what they avoid.
 */
export async function readyToOrder(
  setup: { t: TestApp; menu: SeededMenu; image: string },
  user: TestUser,
  options: ChatPersonOptions,
): Promise<void> {
  const { t } = setup;
  if (options.language === 'th') {
    const res = await t.request('PUT', '/api/user/notifications', user, { language: 'th' });
    if (res.statusCode !== 200) throw new Error(`PUT /api/user/notifications: ${res.statusCode} ${res.body}`);
  }
  if (options.photo !== false) {
    const today = t.clock.now();
    t.clock.set(new Date(today.getTime() - 24 * 3600_000));
    const placed = await placeOrder(t, user, cafeOrderBody(setup.menu.latte, setup.image, { remark: '' }));
    if (placed.statusCode !== 201) throw new Error(`POST /api/order: ${placed.statusCode} ${placed.body}`);
    await t.request('PATCH', `/api/order/${placed.json<{ id: number }>().id}`, user, { status: 'cancel' });
    t.clock.set(today);
  }
  if (options.usual) await saveUsual(t, user, options.usual);
  if (options.avoids) await saveAvoids(t, user, options.avoids);
}

/**
 * A person `/coffee` can serve: linked to `slackId` (the workspace vouches for their e-mail), with
 * a recent tumbler photo (yesterday's web order, cancelled), their language and, when given, a
 * usual saved (PUT /api/me/usual) and what they avoid.
 */
export async function slackPerson(
  setup: SlackSetup,
  slackId: string,
  options: ChatPersonOptions = {},
): Promise<TestUser> {
  const { t } = setup;
  const user = await t.createUser({ name: `Slack ${slackId}` });
  vouchFor(setup, slackId, user);
  await readyToOrder(setup, user, options);
  return user;
}

/** The value of the first button `actionId` in a message's or view's blocks. */
export function buttonValue(blocks: unknown, actionId: string): string | undefined {
  if (Array.isArray(blocks)) return blocks.map((b) => buttonValue(b, actionId)).find((v) => v !== undefined);
  if (!blocks || typeof blocks !== 'object') return undefined;
  const element = blocks as { action_id?: unknown; value?: unknown };
  if (element.action_id === actionId && typeof element.value === 'string') return element.value;
  return Object.values(blocks)
    .map((v) => buttonValue(v, actionId))
    .find((v) => v !== undefined);
}

/**
 * A coffee run `runner` starts (POST /api/runs) at the first site, their home site, for its second
 * cafe slot (GET /api/sites/{id}/slots), closing ten minutes before it, with a drink of `joiner` in it when given;
 * and its times on the site's clock, as the chats say them.
 */
export async function startRun(
  setup: { t: TestApp; menu: SeededMenu; image: string },
  runner: TestUser,
  place: string,
  joiner?: TestUser,
): Promise<{ run: Run; pickup: string; closes: string }> {
  const { t } = setup;
  const list = (await t.request('GET', `/api/sites/${FIRST_SITE_ID}/slots`, runner)).json<SlotList>();
  const slot = list.slots[1];
  if (!slot) throw new Error(`no cafe slot to start a run for: ${JSON.stringify(list)}`);
  const closesAt = new Date(Date.parse(slot.start) - 10 * 60_000);
  const res = await t.request('POST', '/api/runs', runner, {
    place,
    pickupAt: slot.start,
    closesAt: closesAt.toISOString(),
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/runs: ${res.statusCode} ${res.body}`);
  const run = res.json<Run>();
  if (joiner) {
    const joined = await placeOrder(t, joiner, cafeOrderBody(setup.menu.latte, setup.image, { runId: run.id }));
    if (joined.statusCode !== 201) throw new Error(`POST /api/order (runId): ${joined.statusCode} ${joined.body}`);
  }
  return { run, pickup: slot.time, closes: clockTimeText(closesAt, list.timeZone) };
}
