import type { NotificationLanguage } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../lib/chat-words';
import {
  buttonData,
  createLineApp,
  linePerson,
  lineWebhook,
  postbackEvent,
  readBy,
  textEvent,
  type LineSetup,
} from '../../test-support/line-fixtures';
import { baristaPatch } from '../../test-support/order-fixtures';
import {
  buttonTap,
  buttonValue,
  coffeeCommand,
  createSlackApp,
  sendCommand,
  sendInteraction,
  slackPerson,
  textOf,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import type { SlackCall } from '../../test-support/receivers';
import {
  actionData,
  callsTo,
  cardOf,
  createTeamsApp,
  messageFrom,
  postedId,
  sendActivity,
  teamsPerson,
  type TeamsSetup,
} from '../../test-support/teams-fixtures';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { POSTBACK } from '../line/line.messages';
import { ACTIONS } from '../slack/slack.blocks';
import { CARD_ACTIONS } from '../teams/teams.cards';

/**
 * A chat answers only the person who wrote (docs/development.md, "A new chat channel"). Every
 * action of every chat, taken from the channel's own list of action ids (a new one fails here until
 * it says what it names): one that names an order or a standing order, sent by B naming A's (a
 * stale or forged button; ids are sequential), tells B it is refused, in B's conversation and the
 * catalogue's words (English and Thai); leaves A's unchanged in the database; and sends nothing to
 * A nor updates A's message or card (the fake platform's calls). No chat offers an action on a run:
 * their run buttons open the run's page on the web. On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */

/** A's things a chat action can name. */
interface Things {
  /** Waiting (Cancel would move it), placed from the chat: its message or card is the chat's. */
  waiting: number;
  /** Ready to pick up (Picked up would move it), placed from the chat. */
  ready: number;
  /** Finished (yesterday's, cancelled): what Order again names. */
  past: number;
  /** A standing order running (Skip next and Pause would change it). */
  standing: number;
  /** A standing order paused (Resume would change it). */
  paused: number;
}
/** What an action names: another person's thing (and how a button names it), or nothing of anyone's (and why). */
type Naming<V> = { names: keyof Things; value: (a: Things) => V } | { names: null; why: string };
const names = <V>(thing: keyof Things, value: (a: Things) => V): Naming<V> => ({ names: thing, value });
const nothing = (why: string): Naming<never> => ({ names: null, why });

const THING: Record<keyof Things, string> = {
  waiting: 'waiting order',
  ready: 'ready order',
  past: 'past order',
  standing: 'standing order',
  paused: 'paused standing order',
};

/** The actions that name something, as test rows (the action id, what it names, how). */
function naming<V>(ids: Record<string, string>, table: Record<string, Naming<V>>) {
  return Object.keys(ids).flatMap((key) => {
    const row = table[key];
    return row?.names ? [{ id: ids[key] ?? '', thing: THING[row.names], value: row.value }] : [];
  });
}

const USUAL = { menu_id: 0, type: 'cold', sweetness: 50 };
const LANGUAGES: NotificationLanguage[] = ['en', 'th'];
const notYours = (lang: NotificationLanguage) => wordsIn(lang)('people.chat.refused.notYours');

/** Everything of a person's the database holds that a chat action could change. */
async function thingsOf(t: TestApp, userId: number) {
  const db = t.app.ctx.db;
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const ids = orders.map((o) => o.id);
  return {
    orders,
    options: await db.selectFrom('order_options').selectAll().where('order_id', 'in', ids).execute(),
    history: await db.selectFrom('order_status_history').selectAll().where('order_id', 'in', ids).execute(),
    standing: await db.selectFrom('standing_orders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    chatMessages: await db.selectFrom('chat_order_messages').selectAll().where('user_id', '=', userId).execute(),
  };
}

/**
 * A's things, once A placed two orders from the chat (`placeTwo`): the first waiting, the second
 * made ready by a barista; yesterday's cancelled order; a standing order running and one paused.
 */
async function thingsOfA(
  setup: { t: TestApp; settled: () => Promise<void> },
  a: TestUser,
  placeTwo: () => Promise<void>,
): Promise<Things> {
  const { t } = setup;
  await placeTwo();
  const rows = await t.app.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', a.id).orderBy('id').execute();
  const [waiting, ready] = rows.filter((o) => o.status === 'ordered').map((o) => o.id);
  const past = rows.find((o) => o.status === 'cancel')?.id;
  if (waiting === undefined || ready === undefined || past === undefined)
    throw new Error(`A's orders: ${JSON.stringify(rows.map((o) => [o.id, o.status]))}`);
  const barista = await t.createUser({ role: 'barista' });
  for (const status of ['in-progress', 'done']) {
    const moved = await baristaPatch(t, barista, ready, { status });
    if (moved.statusCode !== 200) throw new Error(`barista ${status}: ${moved.statusCode} ${moved.body}`);
  }
  await setup.settled();
  const standing = async (weekdays: number[]) => {
    const res = await t.request('POST', '/api/standing-orders', a, { siteId: 1, weekdays, time: '09:30' });
    if (res.statusCode !== 201) throw new Error(`POST /api/standing-orders: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const running = await standing([1, 3]);
  const paused = await standing([2, 4]);
  const pause = await t.request('PATCH', `/api/standing-orders/${paused}`, a, { paused: true });
  if (pause.statusCode !== 200) throw new Error(`pause: ${pause.statusCode} ${pause.body}`);
  return { waiting, ready, past, standing: running, paused };
}

describe('Slack answers only its sender', () => {
  const SLACK = {
    orderUsual: nothing("the tapper's own usual (its value is a nonce)"),
    changeUsual: nothing("opens the tapper's own order modal"),
    cancel: names('waiting', (a) => String(a.waiting)),
    pickUp: names('ready', (a) => String(a.ready)),
    again: names('past', (a) => `${a.past}:home-nonce|`),
    modalItem: nothing('a menu item, in the modal open for the tapper'),
    standingNew: nothing("opens the tapper's own standing order modal"),
    standingSkip: names('standing', (a) => String(a.standing)),
    standingPause: names('standing', (a) => String(a.standing)),
    standingResume: names('paused', (a) => String(a.paused)),
    runAdd: nothing("a link to the run's page on the web (the tap does nothing)"),
    runStart: nothing('a link to the web (the tap does nothing)'),
  } satisfies Record<keyof typeof ACTIONS, Naming<string>>;

  let s: SlackSetup;
  let a: { user: TestUser; things: Things };
  const A = 'U0SWEEPA';
  const bs = LANGUAGES.map((lang) => ({ lang, slackId: `U0SWEEPB${lang.toUpperCase()}` }));
  /** Whom a Web API call is for: a DM's channel (Dxxx is Uxxx's), an App Home, a modal opened by a tap. */
  const addressee = (call: SlackCall) => {
    const to = [call.params.channel, call.params.user_id, call.params.trigger_id].find((v) => typeof v === 'string');
    return (to ?? '').replace(/^D/, 'U').replace(/^trigger-/, '');
  };

  beforeAll(async () => {
    s = await createSlackApp();
    const user = await slackPerson(s, A, { usual: { ...USUAL, menu_id: s.menu.latte } });
    const things = await thingsOfA({ t: s.t, settled: () => s.t.app.ctx.services.slack.settled() }, user, async () => {
      for (let i = 0; i < 2; i += 1) {
        const asked = await sendCommand(s.t, coffeeCommand(A));
        const value = buttonValue(asked.json<{ blocks: unknown[] }>().blocks, ACTIONS.orderUsual) ?? '';
        await sendInteraction(s.t, buttonTap(A, ACTIONS.orderUsual, value));
      }
    });
    a = { user, things };
    for (const b of bs) await slackPerson(s, b.slackId, { language: b.lang });
  });
  afterAll(() => s.close());

  it('knows what every action of the Slack app names', () => {
    expect(Object.keys(SLACK).sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  for (const { id, thing, value } of naming(ACTIONS, SLACK))
    it(`${id} on A's ${thing}, tapped by B: B is told it is refused, A's is unchanged, nothing reaches A`, async () => {
      for (const b of bs) {
        const before = await thingsOf(s.t, a.user.id);
        const mark = s.slack.calls.length;
        expect((await sendInteraction(s.t, buttonTap(b.slackId, id, value(a.things)))).statusCode).toBe(200);
        const calls = s.slack.calls.slice(mark);
        expect(calls.filter((c) => addressee(c) !== b.slackId)).toEqual([]);
        const told = calls.filter((c) => c.method === 'chat.postMessage').map((c) => c.params.text);
        expect(told).toEqual([notYours(b.lang)]);
        expect(await thingsOf(s.t, a.user.id)).toEqual(before);
      }
    });
});

describe('LINE answers only its sender', () => {
  const LINE = {
    coffee: nothing("offers the sender's own usual"),
    order: nothing("orders the sender's own usual (its n is a nonce)"),
    again: nothing("lists the sender's own past drinks"),
    orderAgain: names('past', (a) => `${a.past}&n=sweep-nonce`),
    runs: nothing("lists the open runs; Add my drink opens the run's page on the web"),
    cancel: names('waiting', (a) => String(a.waiting)),
    picked: names('ready', (a) => String(a.ready)),
  } satisfies Record<keyof typeof POSTBACK, Naming<string>>;

  let s: LineSetup;
  let a: { user: TestUser; id: string; things: Things };
  let bs: { lang: NotificationLanguage; id: string }[];
  const settled = () => s.t.app.ctx.services.line.settled();
  const orderUsual = async (id: string) => {
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Order'))]);
  };

  beforeAll(async () => {
    s = await createLineApp();
    const { user, id } = await linePerson(s, { usual: { ...USUAL, menu_id: s.menu.latte } });
    const things = await thingsOfA({ t: s.t, settled }, user, async () => {
      await orderUsual(id);
      await orderUsual(id);
    });
    a = { user, id, things };
    bs = [];
    for (const lang of LANGUAGES) bs.push({ lang, id: (await linePerson(s, { language: lang })).id });
  });
  afterAll(() => s.close());

  it('knows what every postback of the LINE channel names', () => {
    expect(Object.keys(LINE).sort()).toEqual(Object.keys(POSTBACK).sort());
  });

  for (const { id, thing, value } of naming(POSTBACK, LINE))
    it(`${id} on A's ${thing}, tapped by B: B is told it is refused, A's is unchanged, nothing reaches A`, async () => {
      for (const b of bs) {
        const before = await thingsOf(s.t, a.user.id);
        const mark = { calls: s.line.calls.length, delivered: s.line.delivered.length };
        const data = `action=${id}&id=${value(a.things)}`;
        expect((await lineWebhook(s.t, [postbackEvent(s, b.id, data)])).statusCode).toBe(200);
        const delivered = s.line.delivered.slice(mark.delivered);
        expect(delivered.filter((d) => d.to !== b.id)).toEqual([]);
        expect(delivered.map((d) => textOf(d.messages))).toEqual([expect.stringContaining(notYours(b.lang))]);
        const calls = s.line.calls.slice(mark.calls);
        expect(calls.filter((c) => c.body.to === a.id || c.path.includes(a.id))).toEqual([]);
        expect(await thingsOf(s.t, a.user.id)).toEqual(before);
      }
    });

  it("tells A, not B, of a move of A's order made while B's refused tap on it is handled", async () => {
    const other = await linePerson(s, { usual: { ...USUAL, menu_id: s.menu.latte } });
    await orderUsual(other.id);
    const [waiting] = await s.t.app.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', other.user.id)
      .where('status', '=', 'ordered')
      .execute();
    const barista = await s.t.createUser({ role: 'barista' });
    const b = bs[0] ?? { lang: 'en', id: '' };
    const orders = s.t.app.ctx.services.orders;
    const ownerUpdate = orders.ownerUpdate.bind(orders);
    // The barista's move lands while B's Cancel is on its way to the owner's move.
    let racing = 0;
    const spy = vi.spyOn(orders, 'ownerUpdate').mockImplementationOnce(async (...args) => {
      racing += 1;
      const moved = await baristaPatch(s.t, barista, waiting?.id ?? 0, { status: 'rejected', reject_note: 'No milk' });
      expect(moved.statusCode, moved.body).toBe(200);
      return ownerUpdate(...args);
    });
    const mark = { other: readBy(s, other.id).length, b: readBy(s, b.id).length };
    try {
      await lineWebhook(s.t, [postbackEvent(s, b.id, `action=${POSTBACK.cancel}&id=${waiting?.id}`)]);
    } finally {
      spy.mockRestore();
    }
    await settled();
    expect(racing).toBe(1);
    expect(readBy(s, b.id).slice(mark.b)).toEqual([expect.stringContaining(notYours(b.lang))]);
    const told = readBy(s, other.id).slice(mark.other);
    expect(told).toEqual([expect.stringContaining(wordsIn('en')('people.chat.status.rejected'))]);
  });
});

describe('Teams answers only its sender', () => {
  const TEAMS = {
    form: nothing("shows the sender a drink's form"),
    order: nothing("places the sender's own order from the form (its nonce is the key)"),
    usual: nothing("places the sender's own usual (its nonce is the key)"),
    again: nothing("lists the sender's own past drinks"),
    orderAgain: names('past', (a) => a.past),
    cancel: names('waiting', (a) => a.waiting),
    picked: names('ready', (a) => a.ready),
  } satisfies Record<keyof typeof CARD_ACTIONS, Naming<number>>;

  let s: TeamsSetup;
  let a: { user: TestUser; things: Things };
  const A = 'aad-sweep-a';
  const bs = LANGUAGES.map((lang) => ({ lang, aad: `aad-sweep-b-${lang}` }));
  const conversationOf = (aad: string) => `/a:conv-${aad}/`;

  beforeAll(async () => {
    s = await createTeamsApp();
    const user = await teamsPerson(s, A, { usual: { ...USUAL, menu_id: s.menu.latte } });
    const settled = () => s.t.app.ctx.services.teams.settled();
    const things = await thingsOfA({ t: s.t, settled }, user, async () => {
      for (let i = 0; i < 2; i += 1) {
        await sendActivity(s, messageFrom(s, A, { text: 'usual' }));
        const posted = callsTo(s, A, 'POST').at(-1);
        const value = actionData(cardOf(posted), CARD_ACTIONS.usual);
        await sendActivity(s, messageFrom(s, A, { value, replyToId: postedId(s, posted) }));
      }
    });
    a = { user, things };
    for (const b of bs) await teamsPerson(s, b.aad, { language: b.lang });
  });
  afterAll(() => s.close());

  it('knows what every card action of the Teams bot names', () => {
    expect(Object.keys(TEAMS).sort()).toEqual(Object.keys(CARD_ACTIONS).sort());
  });

  for (const { id, thing, value } of naming(CARD_ACTIONS, TEAMS))
    it(`${id} on A's ${thing}, submitted by B: B is told it is refused, A's is unchanged, A's card is not touched`, async () => {
      const order = value(a.things);
      // A forged card: the order's id, and A's card as the card it came from (a past order, the web's, has none).
      const card = await s.t.app.ctx.services.chat.messageOf<{ activityId: string }>(order);
      if (thing !== THING.past) expect(card?.userId).toBe(a.user.id);
      for (const b of bs) {
        const before = await thingsOf(s.t, a.user.id);
        const mark = s.teams.calls.length;
        const activity = messageFrom(s, b.aad, {
          value: { cafe: id, order: String(order) },
          replyToId: card?.reference.activityId ?? '',
        });
        expect((await sendActivity(s, activity)).statusCode).toBe(202);
        const calls = s.teams.calls.slice(mark);
        expect(calls.filter((c) => !c.path.includes(conversationOf(b.aad)))).toEqual([]);
        expect(calls.map((c) => textOf(cardOf(c)))).toEqual([expect.stringContaining(notYours(b.lang))]);
        expect(await thingsOf(s.t, a.user.id)).toEqual(before);
      }
    });
});
