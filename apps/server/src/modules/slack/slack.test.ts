import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baristaPatch, cafeOrderBody, placeOrder, setShop } from '../../test-support/order-fixtures';
import {
  buttonTap,
  callsOf,
  coffeeCommand,
  createSlackApp,
  sendCommand,
  sendEvent,
  sendInteraction,
  saveUsual,
  startRun,
  textOf,
  vouchFor,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import type { TestUser } from '../../test-support/test-app';
import { ACTIONS } from './slack.blocks';

/**
 * The Slack app against a local fake of Slack's Web API, with requests signed as Slack signs them:
 * the usual in one command, the order's message through every move, a refusal in the person's
 * language, App Home, the open coffee runs.
 */

const TUESDAY_10AM = '2026-11-17T10:00:00+07:00';
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('the Slack app', () => {
  let s: SlackSetup;
  let barista: TestUser;
  let slackSeq = 0;

  /**
   * A person with yesterday's cafe order made their usual (the usual changes only when its owner sets
   * it: PUT /api/me/usual) and a Slack account the workspace vouches for.
   */
  async function regular(language: 'en' | 'th' = 'en'): Promise<{ person: TestUser; slackId: string; past: Order }> {
    const person = await s.t.createUser({ name: `Regular ${++slackSeq}` });
    const slackId = `U0PERSON${slackSeq}`;
    vouchFor(s, slackId, person);
    if (language === 'th') {
      expect((await s.t.request('PUT', '/api/user/notifications', person, { language: 'th' })).statusCode).toBe(200);
    }
    s.t.clock.set(TUESDAY_10AM);
    const placed = await placeOrder(s.t, person, cafeOrderBody(s.menu.latte, s.image, { remark: '' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<Order>().id;
    expect((await baristaPatch(s.t, barista, id, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await baristaPatch(s.t, barista, id, { status: 'done' })).statusCode).toBe(200);
    expect((await s.t.request('PATCH', `/api/order/${id}`, person, { status: 'picked' })).statusCode).toBe(200);
    s.t.clock.set(WEDNESDAY_10AM);
    await saveUsual(s.t, person, { menu_id: s.menu.latte, type: 'cold', sweetness: 50 });
    return { person, slackId, past: placed.json<Order>() };
  }

  const ordersOf = async (person: TestUser): Promise<Order[]> =>
    (await s.t.request('GET', '/api/order/my-queue', person)).json<Order[]>();

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: WEDNESDAY_10AM });
    barista = await s.t.createUser({ role: 'barista' });
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    s.t.clock.set(WEDNESDAY_10AM);
    await setShop(s.t, { cafe: true, bar: false });
  });

  it('answers the URL check of the Events API', async () => {
    const res = await sendEvent(s.t, { type: 'url_verification', token: 'x', challenge: 'chal-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ challenge: 'chal-123' });
  });

  it('orders the usual in one command and one tap, with the recent tumbler photo; a second tap makes no second order', async () => {
    const { person, slackId, past } = await regular();
    const asked = await sendCommand(s.t, coffeeCommand(slackId));
    expect(asked.statusCode).toBe(200);
    const confirmation = asked.json<{ response_type: string; text: string; blocks: unknown[] }>();
    expect(confirmation.response_type).toBe('ephemeral');
    expect(confirmation.text).toMatch(/^Order your usual: \*Latte · Cold · 50%\* at \*.+\*\?$/);
    const buttons = textOf(confirmation.blocks);
    expect(buttons).toContain('Order');
    expect(buttons).toContain('Change');
    // Nothing is ordered before the tap.
    expect(await ordersOf(person)).toEqual([]);

    const actions = confirmation.blocks.find((b) => (b as { type: string }).type === 'actions') as {
      elements: { action_id: string; value: string }[];
    };
    const order = actions.elements.find((e) => e.action_id === ACTIONS.orderUsual);
    expect(order).toBeDefined();
    const tap = () => buttonTap(slackId, ACTIONS.orderUsual, order?.value ?? '');
    expect((await sendInteraction(s.t, tap())).statusCode).toBe(200);
    // The same button tapped again (a new request, signed anew): still one order.
    expect((await sendInteraction(s.t, tap())).statusCode).toBe(200);

    const mine = await ordersOf(person);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'ordered', type: 'cold', sweetness: 50, tumblerImage: past.tumblerImage });
    expect(mine[0]?.menu.id).toBe(s.menu.latte);
    const posts = callsOf(s, 'chat.postMessage').filter((c) => c.params.channel === slackId);
    expect(posts).toHaveLength(1);
    expect(textOf(posts[0]?.params.blocks)).toContain('Waiting');
    expect(textOf(posts[0]?.params.blocks)).toMatch(/Place in the queue when placed: \d+/);
  });

  it('updates the order message in place through every move, with Cancel while waiting and Pick up when ready', async () => {
    const { person, slackId } = await regular();
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<{
      blocks: { elements?: { value: string }[] }[];
    }>();
    const nonce = asked.blocks[1]?.elements?.[0]?.value ?? '';
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, nonce));
    const [order] = await ordersOf(person);
    const post = callsOf(s, 'chat.postMessage').find((c) => c.params.channel === slackId);
    const posted = post?.params;
    expect(posted).toBeDefined();
    const first = textOf(posted?.blocks);
    expect(first).toContain('Waiting');
    expect(first).toContain('Cancel');
    const updates = () =>
      callsOf(s, 'chat.update')
        .filter((c) => textOf(c.params.blocks).includes(`(#${order?.id})`))
        .map((c) => textOf(c.params.blocks));

    expect((await baristaPatch(s.t, barista, order?.id ?? 0, { status: 'in-progress' })).statusCode).toBe(200);
    await s.t.app.ctx.services.slack.settled();
    expect(updates().at(-1)).toContain('In progress');
    expect(updates().at(-1)).not.toContain('Cancel');

    expect((await baristaPatch(s.t, barista, order?.id ?? 0, { status: 'done' })).statusCode).toBe(200);
    await s.t.app.ctx.services.slack.settled();
    expect(updates().at(-1)).toContain('Ready to pick up');
    expect(updates().at(-1)).toContain('Pick up');

    // Pick up, from the message itself.
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.pickUp, String(order?.id)));
    expect(updates().at(-1)).toContain('Picked up');
    expect(updates().at(-1)).not.toContain('Pick up*');
    expect((await s.t.request('GET', `/api/order/${order?.id}`, person)).json<Order>().status).toBe('picked');
    // Every update is of the one message posted.
    expect(
      new Set(
        callsOf(s, 'chat.update')
          .filter((c) => textOf(c.params.blocks).includes(`(#${order?.id})`))
          .map((c) => c.params.ts),
      ).size,
    ).toBe(1);
  });

  it('tells a rejected order with its reason, and a cancel from Slack', async () => {
    const { person, slackId } = await regular();
    const nonce = (await sendCommand(s.t, coffeeCommand(slackId))).json<{
      blocks: { elements?: { value: string }[] }[];
    }>().blocks[1]?.elements?.[0]?.value;
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, nonce ?? ''));
    const [order] = await ordersOf(person);
    const id = order?.id ?? 0;
    expect(
      (await baristaPatch(s.t, barista, id, { status: 'rejected', reject_note: 'No oat milk left' })).statusCode,
    ).toBe(200);
    await s.t.app.ctx.services.slack.settled();
    const last = callsOf(s, 'chat.update')
      .filter((c) => textOf(c.params.blocks).includes(`(#${id})`))
      .at(-1);
    expect(textOf(last?.params.blocks)).toContain('Rejected');
    expect(textOf(last?.params.blocks)).toContain('Reason: No oat milk left');

    // Another one, cancelled from its message while it waits.
    s.t.clock.set('2026-11-18T10:05:00+07:00');
    const again = (await sendCommand(s.t, coffeeCommand(slackId))).json<{
      blocks: { elements?: { value: string }[] }[];
    }>().blocks[1]?.elements?.[0]?.value;
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, again ?? ''));
    const waiting = (await ordersOf(person)).find((o) => o.status === 'ordered');
    expect(waiting).toBeDefined();
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.cancel, String(waiting?.id)));
    expect((await s.t.request('GET', `/api/order/${waiting?.id}`, person)).json<Order>().status).toBe('cancel');
    const cancelled = callsOf(s, 'chat.update')
      .filter((c) => textOf(c.params.blocks).includes(`(#${waiting?.id})`))
      .at(-1);
    expect(textOf(cancelled?.params.blocks)).toContain('Cancelled');
  });

  it("tells a refused order with the placement decision's message, in Thai for a Thai person, and orders nothing", async () => {
    const { person, slackId } = await regular('th');
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<{
      text: string;
      blocks: { elements?: { value: string }[] }[];
    }>();
    expect(asked.text).toMatch(/^สั่งเมนูประจำ: \*Latte/);
    await setShop(s.t, { cafe: false, bar: false });
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, asked.blocks[1]?.elements?.[0]?.value ?? ''));
    expect(await ordersOf(person)).toEqual([]);
    const told = callsOf(s, 'chat.postMessage')
      .filter((c) => c.params.channel === slackId)
      .at(-1);
    expect(told?.params.text).toBe('ตอนนี้คาเฟ่ปิดอยู่');

    // An English reader gets the placement decision's own words.
    await setShop(s.t, { cafe: true, bar: false });
    const english = await regular();
    const nonce = (await sendCommand(s.t, coffeeCommand(english.slackId))).json<{
      blocks: { elements?: { value: string }[] }[];
    }>().blocks[1]?.elements?.[0]?.value;
    await setShop(s.t, { cafe: false, bar: false });
    await sendInteraction(s.t, buttonTap(english.slackId, ACTIONS.orderUsual, nonce ?? ''));
    const toldEnglish = callsOf(s, 'chat.postMessage')
      .filter((c) => c.params.channel === english.slackId)
      .at(-1);
    expect(toldEnglish?.params.text).toBe('The cafe is closed right now.');
  });

  it("publishes App Home: the usual with one tap, today's orders, standing orders, order again", async () => {
    const { slackId } = await regular();
    const res = await sendEvent(s.t, {
      type: 'event_callback',
      team_id: 'T0CAFE',
      event: { type: 'app_home_opened', user: slackId, tab: 'home' },
    });
    expect(res.statusCode).toBe(200);
    const published = callsOf(s, 'views.publish')
      .filter((c) => c.params.user_id === slackId)
      .at(-1);
    const view = published?.params.view as { type: string; blocks: unknown[] };
    expect(view.type).toBe('home');
    const text = textOf(view.blocks);
    expect(text).toContain('Your usual');
    expect(text).toContain('Latte · Cold · 50%');
    expect(text).toContain('Today');
    expect(text).toContain('Standing orders');
    expect(text).toContain('Order again');
  });

  it("says a waiting order's place in the queue when placed, and leaves its message alone while others move", async () => {
    const first = await regular();
    const second = await regular();
    for (const who of [first, second]) {
      const nonce = (await sendCommand(s.t, coffeeCommand(who.slackId))).json<{
        blocks: { elements?: { value: string }[] }[];
      }>().blocks[1]?.elements?.[0]?.value;
      await sendInteraction(s.t, buttonTap(who.slackId, ACTIONS.orderUsual, nonce ?? ''));
    }
    const [mine] = await ordersOf(second.person);
    const callsAbout = () =>
      s.slack.calls.filter(
        (c) =>
          (c.method === 'chat.postMessage' || c.method === 'chat.update') &&
          textOf(c.params.blocks).includes(`(#${mine?.id})`),
      );
    const placed = Number(/Place in the queue when placed: (\d+)/.exec(textOf(callsAbout()[0]?.params.blocks))?.[1]);
    expect(placed).toBeGreaterThan(1);
    const before = callsAbout().length;
    const [ahead] = await ordersOf(first.person);
    expect((await baristaPatch(s.t, barista, ahead?.id ?? 0, { status: 'in-progress' })).statusCode).toBe(200);
    await s.t.app.ctx.services.slack.settled();
    expect(callsAbout()).toHaveLength(before);
  });

  it('answers a button whose value is not one of its orders or standing orders in words, in Thai for a Thai person', async () => {
    const { person, slackId } = await regular('th');
    const before = (await ordersOf(person)).length;
    // (Each answer is a message to the one DM, which Slack takes about once a second.)
    const taps: [string, string[]][] = [
      [ACTIONS.cancel, ['abc', '99999999999', '1.5']],
      [ACTIONS.pickUp, ['-3', '']],
      [ACTIONS.standingPause, ['1e3']],
      [ACTIONS.again, ['x:nonce', '99999999999:nonce']],
    ];
    for (const [action, values] of taps) {
      for (const value of values) {
        const res = await sendInteraction(s.t, buttonTap(slackId, action, value));
        expect(res.statusCode, `${action} ${value}`).toBe(200);
        const told = callsOf(s, 'chat.postMessage')
          .filter((c) => c.params.channel === slackId)
          .at(-1);
        expect(told?.params.text, `${action} ${value}`).toBe('ปุ่มนี้ใช้ไม่ได้แล้ว พิมพ์ `/coffee` หรือเปิดแท็บ Home ของแอป');
      }
    }
    expect(await ordersOf(person)).toHaveLength(before);
  });

  it('tells a person whose home site was archived, in their language, instead of failing the command', async () => {
    const admin = await s.t.createUser({ role: 'admin' });
    const created = await s.t.request('POST', '/api/sites', admin, {
      name: 'Old annex',
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
      venues: { cafe: true, bar: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json<{ id: number }>();
    const person = await s.t.createUser({ site: site.id });
    vouchFor(s, 'U0ARCHIVED', person);
    expect((await s.t.request('PUT', '/api/user/notifications', person, { language: 'th' })).statusCode).toBe(200);
    await saveUsual(s.t, person, { menu_id: s.menu.latte, type: 'hot', sweetness: 50 });
    expect((await s.t.request('POST', `/api/sites/${site.id}/archive`, admin)).statusCode).toBe(200);
    const res = await sendCommand(s.t, coffeeCommand('U0ARCHIVED'));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ text: string }>().text).toBe('Old annex ปิดให้บริการแล้วและไม่รับออเดอร์ กรุณาเลือกสาขาอื่น');
  });

  it('lists the open coffee runs on `/coffee runs` and App Home, each with its page; none open said so; in Thai', async () => {
    /** The link of the first button `actionId` in blocks. */
    const urlOf = (value: unknown, actionId: string): string | undefined => {
      if (!value || typeof value !== 'object') return undefined;
      const button = value as { action_id?: unknown; url?: unknown };
      if (button.action_id === actionId && typeof button.url === 'string') return button.url;
      return Object.values(value)
        .map((v) => urlOf(v, actionId))
        .find(Boolean);
    };
    type Answer = { response_type: string; text: string; blocks: unknown[] };
    const { slackId } = await regular();
    const none = (await sendCommand(s.t, coffeeCommand(slackId, 'runs'))).json<Answer>();
    expect(none.response_type).toBe('ephemeral');
    expect(none.text).toMatch(/^No coffee run is open at .+\. Start one: https:\/\/cafe\.example\.com\/runs$/);
    expect(urlOf(none.blocks, ACTIONS.runStart)).toBe('https://cafe.example.com/runs');

    const ann = await s.t.createUser({ name: 'Ann' });
    const { run, pickup, closes } = await startRun(s, ann, 'Meeting room 3', await s.t.createUser());
    const listed = (await sendCommand(s.t, coffeeCommand(slackId, ' Runs '))).json<Answer>();
    expect(listed.text).toBe(`Open coffee runs at ${run.site.name}`);
    const text = textOf(listed.blocks);
    expect(text).toContain(`Ann's run for Meeting room 3, pickup ${pickup}, closes ${closes}, 1 drink`);
    expect(text).toContain('Add my drink');
    expect(urlOf(listed.blocks, ACTIONS.runAdd)).toBe(`https://cafe.example.com/runs/${run.id}`);
    expect(urlOf(listed.blocks, ACTIONS.runStart)).toBe('https://cafe.example.com/runs');
    // Slack tells the app of a tap on a link too: nothing is said or ordered for it.
    const posts = callsOf(s, 'chat.postMessage').length;
    expect((await sendInteraction(s.t, buttonTap(slackId, ACTIONS.runAdd, ''))).statusCode).toBe(200);
    expect(callsOf(s, 'chat.postMessage')).toHaveLength(posts);

    await sendEvent(s.t, {
      type: 'event_callback',
      team_id: 'T0CAFE',
      event: { type: 'app_home_opened', user: slackId },
    });
    const home = callsOf(s, 'views.publish')
      .filter((c) => c.params.user_id === slackId)
      .at(-1)?.params.view;
    expect(textOf(home)).toContain(`Ann's run for Meeting room 3, pickup ${pickup}`);
    expect(urlOf(home, ACTIONS.runAdd)).toBe(`https://cafe.example.com/runs/${run.id}`);

    const thai = await regular('th');
    const inThai = (await sendCommand(s.t, coffeeCommand(thai.slackId, 'รอบฝากซื้อ'))).json<Answer>();
    expect(textOf(inThai.blocks)).toContain(
      `รอบฝากซื้อของ Ann สำหรับ Meeting room 3 รับเวลา ${pickup} ปิดรับเวลา ${closes} มี 1 แก้ว`,
    );
    expect(textOf(inThai.blocks)).toContain('ฝากเครื่องดื่มของฉัน');
  });
});
