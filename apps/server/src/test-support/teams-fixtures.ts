import type { LightMyRequestResponse } from 'fastify';
import { createOrderingApp, type SeededMenu } from './order-fixtures';
import { readyToOrder, type ChatPersonOptions } from './slack-fixtures';
import { startTeamsFake, type ConnectorCall, type TeamsFake } from './teams-fake';
import type { TestApp, TestUser } from './test-app';

export { saveAvoids, saveUsual, startRun, textOf } from './slack-fixtures';

/** The Teams bot in tests: its app registration, the fake Bot Framework, and activities signed as it signs them. */
export const APP_ID = '0b7d1c52-3c5e-4a44-9d38-6e0d3f1c2a10';
export const APP_PASSWORD = 'teams-client-secret-for-the-tests';
export const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

export interface TeamsSetup {
  t: TestApp;
  menu: SeededMenu;
  image: string;
  teams: TeamsFake;
  close(): Promise<void>;
}

export async function createTeamsApp(
  options: { clockNow?: string; env?: Record<string, string> } = {},
): Promise<TeamsSetup> {
  const teams = await startTeamsFake({ appId: APP_ID, appPassword: APP_PASSWORD });
  const { t, menu, image } = await createOrderingApp({
    ...(options.clockNow ? { clockNow: options.clockNow } : {}),
    env: {
      PUBLIC_URL: 'https://cafe.example.com',
      TEAMS_APP_ID: APP_ID,
      TEAMS_APP_PASSWORD: APP_PASSWORD,
      TEAMS_TENANT_ID: TENANT,
      TEAMS_OPENID_METADATA_URL: teams.openIdMetadataUrl,
      TEAMS_TOKEN_URL: teams.tokenUrl,
      ...options.env,
    },
  });
  return {
    t,
    menu,
    image,
    teams,
    close: async () => {
      await t.close();
      await teams.close();
    },
  };
}

let activities = 0;

/** A message a person typed in their chat with the bot, as Teams sends it. */
export function messageFrom(
  setup: TeamsSetup,
  aadObjectId: string,
  fields: {
    text?: string;
    value?: Record<string, unknown>;
    replyToId?: string;
    locale?: string;
    tenant?: string;
    /** Another conversation than the person's chat with the bot (a group chat, a channel): its fields. */
    conversation?: { id?: string; conversationType?: string | undefined; isGroup?: boolean };
  } = {},
): Record<string, unknown> {
  const tenantId = fields.tenant ?? TENANT;
  return {
    type: 'message',
    id: `1700000000${String(++activities).padStart(4, '0')}`,
    timestamp: new Date().toISOString(),
    serviceUrl: setup.teams.serviceUrl,
    channelId: 'msteams',
    from: { id: `29:${aadObjectId}`, name: `Teams ${aadObjectId}`, aadObjectId },
    conversation: { conversationType: 'personal', tenantId, id: `a:conv-${aadObjectId}`, ...fields.conversation },
    recipient: { id: `28:${APP_ID}`, name: 'Cafe' },
    locale: fields.locale ?? 'en-US',
    channelData: { tenant: { id: tenantId } },
    ...(fields.text !== undefined && { text: fields.text }),
    ...(fields.value && { value: fields.value }),
    ...(fields.replyToId && { replyToId: fields.replyToId }),
  };
}

/** Sends an activity as the Bot Framework would (a token it signs, or as told), and waits for what it started. */
export async function sendActivity(
  setup: TeamsSetup,
  activity: Record<string, unknown>,
  options: { token?: string | null; sign?: Partial<Parameters<TeamsFake['sign']>[0]> } = {},
): Promise<LightMyRequestResponse> {
  const { t, teams } = setup;
  const token =
    options.token === undefined
      ? await teams.sign({ serviceUrl: String(activity.serviceUrl), now: t.clock.now(), ...options.sign })
      : options.token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/messages',
    payload: JSON.stringify(activity),
    headers: { 'content-type': 'application/json; charset=utf-8', ...(token && { authorization: `Bearer ${token}` }) },
  });
  await t.app.ctx.services.teams.settled();
  return res;
}

/** The Bot Connector's calls of a person's conversation (POST: a new card; PUT: a card updated). */
export const callsTo = (setup: TeamsSetup, aadObjectId: string, method?: 'POST' | 'PUT'): ConnectorCall[] =>
  setup.teams.calls.filter((c) => c.path.includes(`/a:conv-${aadObjectId}/`) && (!method || c.method === method));

/** The Adaptive Card of a call (its first attachment). */
export const cardOf = (call: ConnectorCall | undefined): Record<string, unknown> =>
  (call?.body?.attachments as { content: Record<string, unknown> }[] | undefined)?.[0]?.content ?? {};

/** The activity id of the card a POST made (the fake numbers them in order). */
export function postedId(setup: TeamsSetup, call: ConnectorCall | undefined): string {
  const index = setup.teams.calls.filter((c) => c.method === 'POST').indexOf(call as ConnectorCall);
  if (index < 0) throw new Error('no such card was posted');
  return `activity-${index + 1}`;
}

/**
 * What a card's sentences show, one line each: a RichTextBlock's runs joined (the catalogue's bold
 * and links are runs of their own, teams.cards.ts).
 */
export function linesOf(card: unknown): string[] {
  if (Array.isArray(card)) return card.flatMap(linesOf);
  if (!card || typeof card !== 'object') return [];
  const element = card as { type?: unknown; inlines?: { text?: string }[] };
  if (element.type === 'RichTextBlock') return [(element.inlines ?? []).map((run) => run.text ?? '').join('')];
  return Object.values(card).flatMap(linesOf);
}

/** The data of a card's Action.Submit whose `cafe` is `action`. */
export function actionData(card: Record<string, unknown>, action: string): Record<string, unknown> {
  const actions = (card.actions ?? []) as { data?: Record<string, unknown> }[];
  const found = actions.find((a) => a.data?.cafe === action)?.data;
  if (!found) throw new Error(`the card has no ${action} action: ${JSON.stringify(card)}`);
  return found;
}

/** The inputs of a card by id. */
export function inputsOf(card: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const body = (card.body ?? []) as Record<string, unknown>[];
  return Object.fromEntries(body.filter((b) => typeof b.id === 'string').map((b) => [b.id as string, b]));
}

/**
 * A person the bot can serve: Teams tells their company e-mail (the members API), with a recent
 * tumbler photo (yesterday's web order, cancelled), their language, and, when given, a usual and
 * what they avoid.
 */
export async function teamsPerson(
  setup: TeamsSetup,
  aadObjectId: string,
  options: ChatPersonOptions = {},
): Promise<TestUser> {
  const { t } = setup;
  const user = await t.createUser({ name: `Teams ${aadObjectId}` });
  setup.teams.members[aadObjectId] = { name: user.name, email: user.email, userPrincipalName: user.email };
  await readyToOrder(setup, user, options);
  return user;
}
