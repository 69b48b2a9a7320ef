import type { Order, OptionGroup } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baristaPatch, cafeOrderBody, placeOrder } from '../../test-support/order-fixtures';
import {
  callsOf,
  coffeeCommand,
  createSlackApp,
  homeTap,
  sendCommand,
  sendEvent,
  sendInteraction,
  textOf,
  vouchFor,
  type SlackSetup,
} from '../../test-support/slack-fixtures';
import { FIRST_SITE_ID, type TestUser } from '../../test-support/test-app';
import { ACTIONS, ORDER_VIEW } from './slack.blocks';

/**
 * `/coffee <words>`: the modal with the web form's choices (options with their minimum and maximum,
 * a sold-out choice left out and named, now or a pickup time), submitted into one order.
 */

const TUESDAY_10AM = '2026-11-17T10:00:00+07:00';
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

interface View {
  callback_id: string;
  private_metadata: string;
  blocks: { type: string; block_id?: string; element?: { options?: { value: string; text: { text: string } }[] } }[];
}

describe('the order modal', () => {
  let s: SlackSetup;
  let person: TestUser;
  let milk: OptionGroup;
  const slackId = 'U0MODAL';
  const choice = (name: string) => milk.choices.find((c) => c.name === name)?.id ?? 0;

  beforeAll(async () => {
    s = await createSlackApp({ clockNow: TUESDAY_10AM });
    const barista = await s.t.createUser({ role: 'barista' });
    const created = await s.t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true }, { name: 'Oat' }, { name: 'Soy' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    expect(
      (await s.t.request('PUT', `/api/menu/${s.menu.latte}/options`, barista, { groups: [{ groupId: milk.id }] }))
        .statusCode,
    ).toBe(200);
    const soldOut = await s.t.request('PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${choice('Oat')}`, barista, {
      soldOut: true,
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    person = await s.t.createUser();
    vouchFor(s, slackId, person);
    // Yesterday's order: the recent tumbler photo the modal's order carries.
    const past = await placeOrder(
      s.t,
      person,
      cafeOrderBody(s.menu.latte, s.image, { options: [{ choiceId: choice('Whole') }] }),
    );
    expect(past.statusCode, past.body).toBe(201);
    const id = past.json<Order>().id;
    await baristaPatch(s.t, barista, id, { status: 'in-progress' });
    await baristaPatch(s.t, barista, id, { status: 'done' });
    await s.t.request('PATCH', `/api/order/${id}`, person, { status: 'picked' });
    s.t.clock.set(WEDNESDAY_10AM);
    // A day later: a fresh access token for the web's reads.
    const token = await s.t.app.ctx.tokens.sign(person.id, 'user');
    person = { ...person, token, auth: { authorization: `Bearer ${token}` } };
  });
  afterAll(() => s.close());

  async function openModal(words: string): Promise<View> {
    const res = await sendCommand(s.t, coffeeCommand(slackId, words));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const opened = callsOf(s, 'views.open').at(-1);
    expect(opened?.params.trigger_id).toMatch(/^trigger-U0MODAL-/);
    return opened?.params.view as View;
  }

  const submission = (view: View, viewId: string, values: Record<string, Record<string, unknown>>) => ({
    type: 'view_submission',
    team: { id: 'T0CAFE' },
    user: { id: slackId, team_id: 'T0CAFE' },
    view: { id: viewId, callback_id: view.callback_id, private_metadata: view.private_metadata, state: { values } },
  });
  const pick = (value: string) => ({ selected_option: { value } });

  it('opens on the item the words name, with type, sweetness, the options (a sold-out choice left out and named), remark and when', async () => {
    const view = await openModal('latte');
    expect(view.callback_id).toBe(ORDER_VIEW);
    const ids = view.blocks.map((b) => b.block_id);
    expect(ids).toEqual(['item', 'type', 'sweetness', `group-${milk.id}`, `after-group-${milk.id}`, 'remark', 'when']);
    const item = view.blocks.find((b) => b.block_id === 'item');
    expect(textOf(item)).toContain('Latte');
    // Only what can be ordered now: not the inactive, deleted or retired items, nor the bar's.
    const items = item?.element?.options?.map((o) => o.text.text);
    expect(items).toEqual(['Latte', 'Thai Tea']);
    const milkChoices = view.blocks
      .find((b) => b.block_id === `group-${milk.id}`)
      ?.element?.options?.map((o) => o.text.text);
    expect(milkChoices).toEqual(['Whole', 'Soy']);
    expect(textOf(view.blocks.find((b) => b.block_id === `after-group-${milk.id}`))).toContain('Sold out now: Oat');
    expect(textOf(view.blocks.find((b) => b.block_id === `group-${milk.id}`))).toContain('Choose 1');
    const when = view.blocks.find((b) => b.block_id === 'when')?.element?.options?.map((o) => o.value);
    expect(when?.[0]).toBe('now');
  });

  it("turns a submission into one order (a retried submission too), and validation errors into the modal's errors", async () => {
    const view = await openModal('latte');
    const values = {
      item: { [ACTIONS.modalItem]: pick(String(s.menu.latte)) },
      type: { type: pick('hot') },
      sweetness: { sweetness: pick('25') },
      [`group-${milk.id}`]: { choice: pick(String(choice('Soy'))) },
      remark: { remark: { value: 'x'.repeat(51) } },
      when: { when: pick('now') },
    };
    const tooLong = await sendInteraction(s.t, submission(view, 'V0MODAL1', values));
    expect(tooLong.json()).toEqual({
      response_action: 'errors',
      errors: { remark: 'Please enter text (up to 50 characters)' },
    });

    const good = { ...values, remark: { remark: { value: 'extra hot' } } };
    const placed = await sendInteraction(s.t, submission(view, 'V0MODAL1', good));
    expect(placed.json()).toEqual({ response_action: 'clear' });
    // Submitted again a second later (a double click, a retry): a new request, the same modal.
    s.t.clock.advance(1000);
    const again = await sendInteraction(s.t, submission(view, 'V0MODAL1', good));
    expect(again.json()).toEqual({ response_action: 'clear' });
    const mine = (await s.t.request('GET', '/api/order/my-queue', person)).json<Order[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'hot', sweetness: 25, remark: 'extra hot' });
    expect(mine[0]?.options?.map((o) => o.choice)).toEqual(['Soy']);
    const posted = callsOf(s, 'chat.postMessage').filter((c) => c.params.channel === slackId);
    expect(posted).toHaveLength(1);
    expect(textOf(posted[0]?.params.blocks)).toContain('Latte · Hot · 25% · Soy');

    // The sold-out choice, sent anyway (an old modal): the placement's refusal, in the modal.
    const oat = await sendInteraction(
      s.t,
      submission(view, 'V0MODAL2', { ...good, [`group-${milk.id}`]: { choice: pick(String(choice('Oat'))) } }),
    );
    const answer = oat.json<{ response_action: string; errors: { item: string } }>();
    expect(answer.response_action).toBe('errors');
    expect(answer.errors.item).toMatch(/Oat/);
  });

  it('republishes App Home after an order of a modal opened on it, and not after one opened by /coffee', async () => {
    // The order of the modal /coffee opened (the test before): its message, no App Home.
    expect(callsOf(s, 'views.publish')).toHaveLength(0);
    await sendEvent(s.t, {
      type: 'event_callback',
      team_id: 'T0CAFE',
      event: { type: 'app_home_opened', user: slackId, tab: 'home' },
    });
    await s.t.app.ctx.services.slack.settled();
    expect(callsOf(s, 'views.publish')).toHaveLength(1);
    // "Change" under the usual, on App Home: the modal remembers where it was opened.
    expect((await sendInteraction(s.t, homeTap(slackId, ACTIONS.changeUsual, ''))).statusCode).toBe(200);
    await s.t.app.ctx.services.slack.settled();
    const view = callsOf(s, 'views.open').at(-1)?.params.view as View;
    expect(view.private_metadata).toBe('home');
    const values = {
      item: { [ACTIONS.modalItem]: pick(String(s.menu.latte)) },
      type: { type: pick('cold') },
      sweetness: { sweetness: pick('50') },
      [`group-${milk.id}`]: { choice: pick(String(choice('Whole'))) },
      remark: { remark: { value: '' } },
      when: { when: pick('now') },
    };
    const placed = await sendInteraction(s.t, submission(view, 'V0MODAL3', values));
    expect(placed.json()).toEqual({ response_action: 'clear' });
    await s.t.app.ctx.services.slack.settled();
    const published = callsOf(s, 'views.publish');
    expect(published).toHaveLength(2);
    expect(textOf(published[1]?.params.view)).toContain('Latte · Cold · 50%');
  });
});
