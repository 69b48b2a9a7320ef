import { createHmac, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { startLineFake, type LineFake } from './line-fake';
import { createOrderingApp, type SeededMenu } from './order-fixtures';
import { readyToOrder, textOf, type ChatPersonOptions } from './slack-fixtures';
import type { TestApp, TestUser } from './test-app';

export { startRun, textOf } from './slack-fixtures';

/** The LINE channel in tests: its secrets, the fake Messaging API, and webhooks signed as LINE signs them. */
export const LINE_SECRET = 'line-channel-secret-for-the-tests';
export const LINE_TOKEN = 'line-channel-access-token-for-the-tests';
export const LIFF_ID = '1657000000-AbCdEfGh';

export interface LineSetup {
  t: TestApp;
  menu: SeededMenu;
  image: string;
  line: LineFake;
  close(): Promise<void>;
}

/** An ordering app with LINE configured against the fake (its reply tokens expire by the app's clock). */
export async function createLineApp(
  options: { clockNow?: string; env?: Record<string, string>; liff?: boolean } = {},
): Promise<LineSetup> {
  // The fake's reply tokens expire by the app's clock, once there is an app.
  const clock = { now: Date.now };
  const line = await startLineFake({ token: LINE_TOKEN, now: () => clock.now() });
  const { t, menu, image } = await createOrderingApp({
    ...(options.clockNow ? { clockNow: options.clockNow } : {}),
    env: {
      PUBLIC_URL: 'https://cafe.example.com',
      LINE_CHANNEL_SECRET: LINE_SECRET,
      LINE_CHANNEL_ACCESS_TOKEN: LINE_TOKEN,
      LINE_API_URL: line.apiUrl,
      ...(options.liff ? { LINE_LOGIN_CHANNEL_ID: '1657000000', LINE_LIFF_ID: LIFF_ID } : {}),
      ...options.env,
    },
  });
  clock.now = () => t.clock.now().getTime();
  return {
    t,
    menu,
    image,
    line,
    close: async () => {
      await t.close();
      await line.close();
    },
  };
}

/** A LINE user id as LINE makes them: U and 32 hex digits. */
export const lineUserId = () => `U${randomBytes(16).toString('hex')}`;

/** LINE's signature of a body: base64 HMAC-SHA256 with the channel secret. */
export const lineSignature = (body: string, secret = LINE_SECRET) =>
  createHmac('sha256', secret).update(body).digest('base64');

type Event = Record<string, unknown>;
const base = (s: LineSetup, userId: string, type: string, more: Event): Event => ({
  type,
  mode: 'active',
  timestamp: s.t.clock.now().getTime(),
  source: { type: 'user', userId },
  webhookEventId: `01${randomBytes(12).toString('hex').toUpperCase()}`,
  deliveryContext: { isRedelivery: false },
  ...(type === 'unfollow' ? {} : { replyToken: s.line.replyToken(userId) }),
  ...more,
});
export const textEvent = (s: LineSetup, userId: string, text: string) =>
  base(s, userId, 'message', { message: { type: 'text', id: String(Date.now()), text } });
export const postbackEvent = (s: LineSetup, userId: string, data: string) =>
  base(s, userId, 'postback', { postback: { data } });
export const followEvent = (s: LineSetup, userId: string) => base(s, userId, 'follow', {});

/** The body LINE sends with `events` (each marked redelivered when told). */
export function webhookBody(events: Event[], options: { redelivery?: boolean } = {}): string {
  const marked = options.redelivery ? events.map((e) => ({ ...e, deliveryContext: { isRedelivery: true } })) : events;
  return JSON.stringify({ destination: 'U0000000000000000000000000000bot', events: marked });
}

/** POSTs `events` to the webhook signed as LINE signs it (or as told), and waits for the work it started. */
export async function lineWebhook(
  t: TestApp,
  events: Event[] | string,
  options: { secret?: string; redelivery?: boolean; signature?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const body = typeof events === 'string' ? events : webhookBody(events, options);
  const signature = options.signature === undefined ? lineSignature(body, options.secret) : options.signature;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/line/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'x-line-signature': signature } : {}),
    },
  });
  await t.app.ctx.services.line.settled();
  return res;
}

/** A LINE account linked to `user` by a one-time link, as the person would (opened while signed in). */
export async function linkLine(s: LineSetup, user: TestUser, id: string, name = 'Nok'): Promise<void> {
  const refused = await s.t.app.ctx.services.chat.actor('line', { externalId: id, name });
  if (!('refused' in refused)) return;
  const token =
    String(refused.refused.values?.url ?? '')
      .split('/')
      .at(-1) ?? '';
  const res = await s.t.request('POST', `/api/chat/line/link-tokens/${token}`, user);
  if (res.statusCode !== 200) throw new Error(`link: ${res.statusCode} ${res.body}`);
}

/**
 * A person LINE serves: linked to a new LINE user id, with a recent tumbler photo (yesterday's web
 * order, cancelled), their language and, when given, a usual and what they avoid.
 */
export async function linePerson(
  s: LineSetup,
  options: ChatPersonOptions = {},
): Promise<{ user: TestUser; id: string }> {
  const { t } = s;
  const user = await t.createUser({ name: `LINE ${randomBytes(3).toString('hex')}` });
  const id = lineUserId();
  s.line.profiles[id] = { displayName: user.name, language: options.language ?? 'en' };
  await linkLine(s, user, id, user.name);
  await readyToOrder(s, user, options);
  return { user, id };
}

/** Everything `lineUserId` read, as text, oldest first. */
export const readBy = (s: LineSetup, id: string): string[] => s.line.deliveredTo(id).map((d) => textOf(d.messages));

/** The postback data of the first button whose label is `label` in what `id` read last. */
export function buttonData(s: LineSetup, id: string, label: string): string {
  const last = s.line.deliveredTo(id).at(-1)?.messages;
  const find = (value: unknown): string | undefined => {
    if (Array.isArray(value)) return value.map(find).find(Boolean);
    if (!value || typeof value !== 'object') return undefined;
    const action = (value as { action?: { label?: string; data?: string } }).action;
    if (action?.label === label && action.data) return action.data;
    return Object.values(value).map(find).find(Boolean);
  };
  const data = find(last);
  if (!data) throw new Error(`no button ${label} in ${JSON.stringify(last)}`);
  return data;
}

/** The URI of the first URI button in what `id` read last. */
export function menuUriOf(s: LineSetup, id: string): string | undefined {
  const find = (value: unknown): string | undefined => {
    if (Array.isArray(value)) return value.map(find).find(Boolean);
    if (!value || typeof value !== 'object') return undefined;
    const action = (value as { action?: { type?: string; uri?: string } }).action;
    if (action?.type === 'uri') return action.uri;
    return Object.values(value).map(find).find(Boolean);
  };
  return find(s.line.deliveredTo(id).at(-1)?.messages);
}
