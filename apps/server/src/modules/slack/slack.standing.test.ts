import type { Order, OptionGroup, StandingOrder } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baristaPatch, cafeOrderBody, placeOrder, setShop } from '../../test-support/order-fixtures';
import {
  buttonTap,
  callsOf,
  coffeeCommand,
  createSlackApp,
  saveAvoids,
  saveUsual,
  sendCommand,
  sendEvent,
  sendInteraction,
  textOf,
  vouchFor,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import type { TestUser } from '../../test-support/test-app';
import { ACTIONS, DIET_ANYWAY, ORDER_VIEW, STANDING_VIEW } from './slack.blocks';

/**
 * The usual, standing orders and what a person avoids, in Slack (docs/slack.md): `/coffee` orders
 * the usual saved on the server; App Home lists the standing orders with Skip next, Pause and
 * Resume, and sets one in a small modal; a drink with what the person avoids is marked and asked about.
 */

const TUESDAY_10AM = '2026-11-17T10:00:00+07:00';
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

interface Block {
  type: string;
  block_id?: string;
  elements?: { action_id?: string; value?: string }[];
  element?: { type?: string; options?: { value: string; text: { text: string } }[] };
}
interface View {
  callback_id: string;
  private_metadata: string;
  blocks: Block[];
}

describe('the usual, standing orders and allergens in Slack', () => {
  let s: SlackSetup;
  let barista: TestUser;
  let milk: OptionGroup;
  let seq = 0;
  const choice = (name: string) => milk.choices.find((c) => c.name === name)?.id ?? 0;

  /** A person linked to Slack, with yesterday's picked-up latte (their recent tumbler photo) unless told. */
  async function person(
    options: { photo?: boolean; language?: 'en' | 'th'; milk?: 'Whole' | 'Oat' } = {},
  ): Promise<{ user: TestUser; slackId: string }> {
    const user = await s.t.createUser({ name: `Standing ${++seq}` });
    const slackId = `U0STAND${seq}`;
    vouchFor(s, slackId, user);
    if (options.language === 'th') {
      expect((await s.t.request('PUT', '/api/user/notifications', user, { language: 'th' })).statusCode).toBe(200);
    }
    if (options.photo !== false) {
      s.t.clock.set(TUESDAY_10AM);
      const body = cafeOrderBody(s.menu.latte, s.image, {
        remark: '',
        options: [{ choiceId: choice(options.milk ?? 'Oat') }],
      });
      const placed = await placeOrder(s.t, user, body);
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json<Order>().id;
      await baristaPatch(s.t, barista, id, { status: 'in-progress' });
      await baristaPatch(s.t, barista, id, { status: 'done' });
      await s.t.request('PATCH', `/api/order/${id}`, user, { status: 'picked' });
      s.t.clock.set(WEDNESDAY_10AM);
    }
    return { user, slackId };
  }

  const ordersOf = async (user: TestUser): Promise<Order[]> =>
    (await s.t.request('GET', '/api/order/my-queue', user)).json<Order[]>();
  const lastPostTo = (slackId: string) =>
    callsOf(s, 'chat.postMessage')
      .filter((c) => c.params.channel === slackId)
      .at(-1);
  const lastHome = (slackId: string) =>
    callsOf(s, 'views.publish')
      .filter((c) => c.params.user_id === slackId)
      .at(-1)?.params.view as View | undefined;
  const openHome = (slackId: string) =>
    sendEvent(s.t, {
      type: 'event_callback',
      team_id: 'T0CAFE',
      event: { type: 'app_home_opened', user: slackId, tab: 'home' },
    });
  const submission = (slackId: string, view: View, viewId: string, values: Record<string, unknown>) => ({
    type: 'view_submission',
    team: { id: 'T0CAFE' },
    user: { id: slackId, team_id: 'T0CAFE' },
    view: { id: viewId, callback_id: view.callback_id, private_metadata: view.private_metadata, state: { values } },
  });
  const pick = (value: string) => ({ selected_option: { value } });

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: WEDNESDAY_10AM });
    barista = await s.t.createUser({ role: 'barista' });
    const created = await s.t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true, tags: ['milk'] }, { name: 'Oat' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    const linked = await s.t.request('PUT', `/api/menu/${s.menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const tagged = await s.t.request('PATCH', `/api/menu/${s.menu.thaiTea}`, barista, { tags: ['milk', 'caffeine'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    s.t.clock.set(WEDNESDAY_10AM);
    await setShop(s.t, { cafe: true, bar: false });
  });

  it('orders the usual saved on the server (PUT /api/me/usual), with the recent tumbler photo', async () => {
    const { user, slackId } = await person();
    await saveUsual(s.t, user, { menu_id: s.menu.thaiTea, type: 'hot', sweetness: 0 });
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ text: string; blocks: Block[] }>();
    expect(asked.text).toMatch(/^Order your usual: \*Thai Tea · Hot · 0%\*/);
    const nonce = asked.blocks.find((b) => b.type === 'actions')?.elements?.[0]?.value ?? '';
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, nonce));
    const [order] = await ordersOf(user);
    expect(order).toMatchObject({ type: 'hot', sweetness: 0, status: 'ordered' });
    expect(order?.menu.id).toBe(s.menu.thaiTea);
    expect(order?.tumblerImage).not.toBe('');

    // The usual with its options named from the menu.
    await saveUsual(s.t, user, {
      menu_id: s.menu.latte,
      type: 'cold',
      sweetness: 50,
      options: [{ choiceId: choice('Oat') }],
    });
    const latte = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ text: string }>();
    expect(latte.text).toMatch(/^Order your usual: \*Latte · Cold · 50% · Oat\*/);
  });

  it('tells a person without a recent tumbler photo, and orders nothing', async () => {
    const { user, slackId } = await person({ photo: false });
    await saveUsual(s.t, user, { menu_id: s.menu.latte, type: 'cold', sweetness: 50 });
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ text: string }>();
    expect(asked.text).toMatch(/tumbler photo/);
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.orderUsual, 'no-photo'));
    expect(await ordersOf(user)).toEqual([]);
    expect(lastPostTo(slackId)?.params.text).toMatch(/tumbler photo/);
  });

  it('sets a standing order from App Home, lists it, and skips, pauses and resumes it', async () => {
    const { user, slackId } = await person();
    await saveUsual(s.t, user, {
      menu_id: s.menu.latte,
      type: 'cold',
      sweetness: 50,
      options: [{ choiceId: choice('Oat') }],
    });
    await openHome(slackId);
    const home = lastHome(slackId);
    expect(textOf(home?.blocks)).toContain('No standing orders yet');
    const setButton = home?.blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === ACTIONS.standingNew);
    expect(setButton).toBeDefined();

    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.standingNew, setButton?.value ?? ''));
    const modal = callsOf(s, 'views.open').at(-1)?.params.view as View;
    expect(modal.callback_id).toBe(STANDING_VIEW);
    expect(textOf(modal.blocks)).toContain('Latte · Cold · 50% · Oat');
    expect(modal.blocks.map((b) => b.block_id).slice(1)).toEqual(['weekdays', 'time']);
    // Only the site's slot times are offered, not any time of the day.
    const time = modal.blocks.find((b) => b.block_id === 'time')?.element;
    expect(time?.type).toBe('static_select');
    const times = time?.options?.map((o) => o.value) ?? [];
    expect(times).toContain('09:30');
    expect(times).not.toContain('09:31');
    expect([...times].sort()).toEqual(times);
    expect(times.every((t) => /^\d\d:\d\d$/.test(t))).toBe(true);

    // No day ticked: said in words, on the modal (never a field's name).
    const none = await sendInteraction(
      s.t,
      submission(slackId, modal, 'V0STAND1', {
        weekdays: { weekdays: { selected_options: [] } },
        time: { time: pick('09:30') },
      }),
    );
    expect(none.json()).toEqual({ response_action: 'errors', errors: { weekdays: 'Choose at least one day.' } });
    // A time that starts no slot (an old form): the door's words, on the time.
    const between = await sendInteraction(
      s.t,
      submission(slackId, modal, 'V0STAND1', {
        weekdays: { weekdays: { selected_options: [{ value: '1' }] } },
        time: { time: pick('09:31') },
      }),
    );
    expect(between.json<{ errors: Record<string, string> }>().errors.time).toMatch(/^09:31 is not a pickup time/);

    const days = ['1', '3', '5'].map((value) => ({ value }));
    const made = await sendInteraction(
      s.t,
      submission(slackId, modal, 'V0STAND2', {
        weekdays: { weekdays: { selected_options: days } },
        time: { time: pick('09:30') },
      }),
    );
    expect(made.json()).toEqual({ response_action: 'clear' });
    // The same form sent again (a retry, a second click after changing a day): still one standing order.
    const twice = await sendInteraction(
      s.t,
      submission(slackId, modal, 'V0STAND2', {
        weekdays: { weekdays: { selected_options: days.slice(0, 2) } },
        time: { time: pick('09:30') },
      }),
    );
    expect(twice.json()).toEqual({ response_action: 'clear' });
    expect((await s.t.request('GET', '/api/standing-orders', user)).json<StandingOrder[]>()).toHaveLength(1);
    const [standing] = (await s.t.request('GET', '/api/standing-orders', user)).json<StandingOrder[]>();
    expect(standing).toMatchObject({ weekdays: [1, 3, 5], time: '09:30', drink: null, paused: false });
    const listed = textOf(lastHome(slackId)?.blocks);
    expect(listed).toContain('your usual');
    expect(listed).toContain('Mon, Wed, Fri at 09:30');
    expect(listed).toContain('Next: Fri 2026-11-20');

    const id = String(standing?.id);
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.standingSkip, id));
    expect(textOf(lastHome(slackId)?.blocks)).toContain('Skipping Fri 2026-11-20');
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.standingPause, id));
    const paused = lastHome(slackId);
    expect(textOf(paused?.blocks)).toContain('Paused');
    expect(paused?.blocks.flatMap((b) => b.elements ?? []).map((e) => e.action_id)).toContain(ACTIONS.standingResume);
    expect((await s.t.request('GET', '/api/standing-orders', user)).json<StandingOrder[]>()[0]?.paused).toBe(true);
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.standingResume, id));
    expect((await s.t.request('GET', '/api/standing-orders', user)).json<StandingOrder[]>()[0]?.paused).toBe(false);
    expect(textOf(lastHome(slackId)?.blocks)).not.toContain('Paused');

    // Someone else's standing order: refused, told, nothing changed.
    const other = await person();
    await sendInteraction(s.t, buttonTap(other.slackId, ACTIONS.standingPause, id));
    expect(lastPostTo(other.slackId)?.params.text).toMatch(/someone else/);
    expect((await s.t.request('GET', '/api/standing-orders', user)).json<StandingOrder[]>()[0]?.paused).toBe(false);
  });

  it("answers the standing service's refusal on the modal, and speaks Thai to a Thai person", async () => {
    const { slackId } = await person({ photo: false, language: 'th' });
    await sendInteraction(s.t, buttonTap(slackId, ACTIONS.standingNew, 'x'));
    const modal = callsOf(s, 'views.open').at(-1)?.params.view as View;
    const labels = textOf(modal.blocks);
    expect(labels).toContain('จ.');
    expect(labels).toContain('เวลารับ');
    const refused = await sendInteraction(
      s.t,
      submission(slackId, modal, 'V0STAND3', {
        weekdays: { weekdays: { selected_options: [{ value: '1' }] } },
        time: { time: pick('09:30') },
      }),
    );
    const answer = refused.json<{ response_action: string; errors: Record<string, string> }>();
    expect(answer.response_action).toBe('errors');
    expect(answer.errors.weekdays).toBe('คุณยังไม่มีเมนูประจำ: เลือกเครื่องดื่ม หรือตั้งเมนูประจำก่อน');
  });

  it('says what the usual contains that the person avoids before the Order button', async () => {
    const { user, slackId } = await person({ milk: 'Whole' });
    await saveAvoids(s.t, user, ['milk']);
    await saveUsual(s.t, user, {
      menu_id: s.menu.latte,
      type: 'cold',
      sweetness: 50,
      options: [{ choiceId: choice('Whole') }],
    });
    const asked = (await sendCommand(s.t, coffeeCommand(slackId))).json<{ text: string; blocks: Block[] }>();
    const text = textOf(asked.blocks);
    expect(text).toContain('This drink is not for you: Milk.');
    const warningAt = asked.blocks.findIndex((b) => textOf(b).includes('not for you: Milk'));
    const buttonsAt = asked.blocks.findIndex((b) => b.type === 'actions');
    expect(warningAt).toBeGreaterThan(-1);
    expect(warningAt).toBeLessThan(buttonsAt);

    // Thai names from the people catalogue for a Thai reader.
    const thai = await person({ language: 'th' });
    await saveAvoids(s.t, thai.user, ['milk']);
    await saveUsual(s.t, thai.user, { menu_id: s.menu.thaiTea, type: 'hot', sweetness: 0 });
    const thaiAsked = (await sendCommand(s.t, coffeeCommand(thai.slackId))).json<{ blocks: Block[] }>();
    expect(textOf(thaiAsked.blocks)).toContain('เครื่องดื่มนี้ไม่เหมาะกับคุณ: นม');
    expect(textOf(thaiAsked.blocks)).toContain('Thai Tea · ร้อน · 0%');

    // App Home marks the usual and, in Order again, yesterday's whole-milk latte.
    await openHome(slackId);
    const blocks = lastHome(slackId)?.blocks ?? [];
    expect(textOf(blocks.find((b) => b.block_id === 'home-usual'))).toContain('⚠ Milk');
    const again = blocks.filter((b) => b.block_id?.startsWith('again-'));
    expect(again).toHaveLength(1);
    expect(textOf(again[0])).toMatch(/Latte · Cold · 50% · Whole — .+ {2}⚠ Milk/);
    // Someone avoiding nothing sees no mark.
    const other = await person({ milk: 'Whole' });
    await openHome(other.slackId);
    expect(textOf(lastHome(other.slackId)?.blocks)).not.toContain('⚠');
  });

  it('marks items in the modal and asks before placing a drink with what the person avoids', async () => {
    const { user, slackId } = await person();
    await saveAvoids(s.t, user, ['milk']);
    await sendCommand(s.t, coffeeCommand(slackId, 'latte'));
    const view = callsOf(s, 'views.open').at(-1)?.params.view as View;
    expect(view.callback_id).toBe(ORDER_VIEW);
    const items = view.blocks.find((b) => b.block_id === 'item')?.element?.options?.map((o) => o.text.text);
    // Marked as each comes: the latte with its default Whole milk, the Thai tea with its own milk.
    expect(items).toEqual(['Latte  ⚠ Milk', 'Thai Tea  ⚠ Milk']);
    expect(view.blocks.at(-1)?.block_id).toBe('diet');
    expect(textOf(view.blocks.at(-1))).toContain('I know what it contains. Place it anyway.');

    const values = {
      item: { [ACTIONS.modalItem]: pick(String(s.menu.latte)) },
      type: { type: pick('hot') },
      sweetness: { sweetness: pick('25') },
      [`group-${milk.id}`]: { choice: pick(String(choice('Whole'))) },
      when: { when: pick('now') },
      diet: { diet: { selected_options: [] } },
    };
    const asked = await sendInteraction(s.t, submission(slackId, view, 'V0DIET1', values));
    const answer = asked.json<{ response_action: string; errors: Record<string, string> }>();
    expect(answer.response_action).toBe('errors');
    expect(answer.errors.diet).toBe(
      'This drink is not for you: Milk. Confirm that you want it anyway, then place it again.',
    );
    expect(await ordersOf(user)).toEqual([]);

    // Oat milk: nothing to ask.
    const oat = { ...values, [`group-${milk.id}`]: { choice: pick(String(choice('Oat'))) } };
    expect((await sendInteraction(s.t, submission(slackId, view, 'V0DIET2', oat))).json()).toEqual({
      response_action: 'clear',
    });

    // Ticked: placed, with the warning on the order for the barista.
    const ticked = { ...values, diet: { diet: { selected_options: [{ value: DIET_ANYWAY }] } } };
    expect((await sendInteraction(s.t, submission(slackId, view, 'V0DIET3', ticked))).json()).toEqual({
      response_action: 'clear',
    });
    const mine = await ordersOf(user);
    expect(mine).toHaveLength(2);
    expect(mine.find((o) => o.options?.[0]?.choice === 'Whole')?.dietWarnings).toEqual(['milk']);
  });
});
