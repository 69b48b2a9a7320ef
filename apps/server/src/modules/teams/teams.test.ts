import type { OptionGroup, Order } from '@cafe/shared';
import { LIMITS, tagsValue } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsIn } from '../../lib/chat-words';
import { baristaPatch, cafeOrderBody, ownerPatch, placeOrder } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestUser } from '../../test-support/test-app';
import {
  actionData,
  callsTo,
  cardOf,
  createTeamsApp,
  inputsOf,
  linesOf,
  messageFrom,
  postedId,
  sendActivity,
  startRun,
  teamsPerson,
  textOf,
  type TeamsSetup,
} from '../../test-support/teams-fixtures';

/**
 * "coffee" in Teams: the Adaptive Card built from the door's menu, submitted into one order however
 * often, the card updated in place once per move (a 429 waited out), the usual with its diet
 * warning first, Thai, linking, the open coffee runs. On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('the Teams bot', () => {
  let s: TeamsSetup;
  let barista: TestUser;
  let milk: OptionGroup;
  const choice = (name: string) => milk.choices.find((c) => c.name === name)?.id ?? 0;

  beforeAll(async () => {
    s = await createTeamsApp();
    barista = await s.t.createUser({ role: 'barista' });
    const created = await s.t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true, tags: ['milk'] }, { name: 'Oat' }, { name: 'Soy' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    const linked = await s.t.request('PUT', `/api/menu/${s.menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const soldOut = await s.t.request('PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${choice('Oat')}`, barista, {
      soldOut: true,
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
  });
  afterAll(() => s.close());

  const mine = async (person: TestUser) => (await s.t.request('GET', '/api/order/my-queue', person)).json<Order[]>();

  /** "coffee latte", and the form card it answers with. */
  async function openForm(aad: string, text = 'coffee latte') {
    expect((await sendActivity(s, messageFrom(s, aad, { text }))).statusCode).toBe(202);
    const posted = callsTo(s, aad, 'POST').at(-1);
    return { card: cardOf(posted), id: postedId(s, posted) };
  }
  /** The Action.Submit buttons inside a card's body (an ActionSet each): Order again's. */
  const againActions = (card: Record<string, unknown>) =>
    (card.body as { actions?: { title: string; data: Record<string, unknown> }[] }[]).flatMap((b) => b.actions ?? []);
  const submit = (aad: string, cardId: string, data: Record<string, unknown>, inputs: Record<string, string>) =>
    sendActivity(s, messageFrom(s, aad, { value: { ...data, ...inputs }, replyToId: cardId }));

  it('builds the form from the menu: items, type, sweetness, options with limits (sold-out left out), remark, when', async () => {
    await teamsPerson(s, 'aad-form');
    const { card } = await openForm('aad-form');
    expect(card.version).toBe('1.5');
    const inputs = inputsOf(card);
    // Should it be another card, what it says (and what failed after the answer) is the message.
    const channels = await s.t.app.ctx.services.chat.channels();
    const why = `${textOf(card)}\n${JSON.stringify(channels.find((c) => c.channel === 'teams')?.lastError)}`;
    expect(Object.keys(inputs), why).toEqual(['item', 'type', 'sweetness', `group-${milk.id}`, 'remark', 'when']);
    expect(textOf(inputs.item)).toContain('Latte');
    const milkChoices = (inputs[`group-${milk.id}`]?.choices as { title: string }[]).map((c) => c.title);
    expect(milkChoices).toEqual(['Whole', 'Soy']);
    expect(inputs[`group-${milk.id}`]).toMatchObject({
      isMultiSelect: false,
      isRequired: true,
      label: 'Milk (Choose 1)',
    });
    expect(textOf(card)).toContain('Milk: Sold out now: Oat');
    expect(inputs.remark).toMatchObject({ maxLength: LIMITS.remarkMax });
    expect((inputs.when?.choices as { value: string }[])[0]?.value).toBe('now');
  });

  it('places one order however often the card is submitted, and updates the card in place once per move', async () => {
    const person = await teamsPerson(s, 'aad-order');
    const { card, id } = await openForm('aad-order');
    const inputs = {
      item: String(s.menu.latte),
      type: 'hot',
      sweetness: '25',
      [`group-${milk.id}`]: String(choice('Soy')),
      remark: 'extra hot',
      when: 'now',
    };
    const data = actionData(card, 'order');
    for (let i = 0; i < 3; i += 1) expect((await submit('aad-order', id, data, inputs)).statusCode).toBe(202);
    const orders = await mine(person);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: 'hot', sweetness: 25, remark: 'extra hot' });
    const puts = () => callsTo(s, 'aad-order', 'PUT');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.path).toContain(`/activities/${id}`);
    expect(textOf(cardOf(puts()[0]))).toContain('Latte · Hot · 25% · Soy');
    expect(textOf(cardOf(puts()[0]))).toContain('Waiting');

    const orderId = orders[0]?.id ?? 0;
    expect((await baristaPatch(s.t, barista, orderId, { status: 'in-progress' })).statusCode).toBe(200);
    await s.t.app.ctx.services.teams.settled();
    expect(puts()).toHaveLength(2);
    // Teams answers 429 once: the update waits out its Retry-After, then is made.
    s.teams.rateLimit(1);
    expect((await baristaPatch(s.t, barista, orderId, { status: 'done' })).statusCode).toBe(200);
    await s.t.app.ctx.services.teams.settled();
    expect(s.teams.state.limited).toBe(1);
    expect(puts()).toHaveLength(3);
    const ready = cardOf(puts()[2]);
    expect(textOf(ready)).toContain('Ready to pick up');
    // Picked up from the card: the owner's move, and the card once more.
    await submit('aad-order', id, actionData(ready, 'picked'), {});
    expect((await mine(person)).map((o) => o.status)).toEqual(['picked']);
    expect(puts()).toHaveLength(4);
    expect(textOf(cardOf(puts()[3]))).toContain('Picked up');
  });

  it('asks first when the person avoids something, and shares the daily limit with the web and Slack', async () => {
    const person = await teamsPerson(s, 'aad-milk', { avoids: ['milk'] });
    const { card, id } = await openForm('aad-milk');
    expect(Object.keys(inputsOf(card))).toContain('diet');
    const inputs = {
      item: String(s.menu.latte),
      type: 'cold',
      sweetness: '50',
      [`group-${milk.id}`]: String(choice('Whole')),
      when: 'now',
    };
    await submit('aad-milk', id, actionData(card, 'order'), inputs);
    expect(await mine(person)).toEqual([]);
    const asked = cardOf(callsTo(s, 'aad-milk', 'PUT').at(-1));
    expect(textOf(asked)).toMatch(/Milk/);
    await submit('aad-milk', id, actionData(asked, 'order'), { ...inputs, diet: 'anyway' });
    expect(await mine(person)).toHaveLength(1);

    // The web's and Slack's orders count toward the same limit.
    const web = await placeOrder(
      s.t,
      person,
      cafeOrderBody(s.menu.latte, s.image, { options: [{ choiceId: choice('Soy') }] }),
    );
    expect(web.statusCode, web.body).toBe(201);
    const again = await openForm('aad-milk');
    await submit('aad-milk', again.id, actionData(again.card, 'order'), {
      ...inputs,
      [`group-${milk.id}`]: String(choice('Soy')),
    });
    expect(await mine(person)).toHaveLength(LIMITS.dailyCafeOrders);
    expect(textOf(cardOf(callsTo(s, 'aad-milk', 'PUT').at(-1)))).toMatch(/limit|today/i);
  });

  it('counts a Slack order toward the same daily limit', async () => {
    const person = await teamsPerson(s, 'aad-slack');
    const user = await s.t.app.ctx.services.users.findActive(person.id);
    const body = { ...cafeOrderBody(s.menu.thaiTea, s.image), siteId: FIRST_SITE_ID };
    for (const key of ['slack:a', 'slack:b'])
      await s.t.app.ctx.services.ordering.place(user!, body as never, 'slack', key);
    const { card, id } = await openForm('aad-slack', 'coffee');
    const data = actionData(card, 'order');
    await submit('aad-slack', id, data, { item: String(data.form), type: 'hot', sweetness: '50', when: 'now' });
    expect(await mine(person)).toHaveLength(2);
    expect(textOf(cardOf(callsTo(s, 'aad-slack', 'PUT').at(-1)))).toMatch(/limit|today/i);
  });

  it('orders the usual, its diet warning first, in Thai for a Thai person', async () => {
    const person = await teamsPerson(s, 'aad-thai', {
      language: 'th',
      usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 },
      avoids: ['milk'],
    });
    expect((await sendActivity(s, messageFrom(s, 'aad-thai', { text: 'ประจำ' }))).statusCode).toBe(202);
    const posted = callsTo(s, 'aad-thai', 'POST').at(-1);
    const card = cardOf(posted);
    const body = card.body as unknown[];
    expect(textOf(body[0])).toContain('⚠');
    expect(textOf(card)).toContain('สั่งเมนูประจำ');
    await submit('aad-thai', postedId(s, posted), actionData(card, 'usual'), {});
    await submit('aad-thai', postedId(s, posted), actionData(card, 'usual'), {});
    expect(await mine(person)).toHaveLength(1);
  });

  it('marks in the form what a drink contains that the person avoids, and a drink nobody tagged "not tagged"', async () => {
    const listed = async (aad: string, text = 'coffee latte') =>
      (inputsOf((await openForm(aad, text)).card).item?.choices as { title: string }[]).map((c) => c.title);
    await teamsPerson(s, 'aad-tags', { avoids: ['milk'] });
    expect(await listed('aad-tags')).toEqual(['Latte  ⚠ Milk', 'Thai Tea  ⚠ not tagged']);
    await teamsPerson(s, 'aad-tags-th', { avoids: ['milk'], language: 'th' });
    const th = wordsIn('th');
    expect(await listed('aad-tags-th', 'กาแฟ latte')).toEqual([
      `Latte  ${th('people.chat.diet.mark', { tags: tagsValue(['milk']) })}`,
      `Thai Tea  ${th('people.chat.diet.untagged')}`,
    ]);
    // Someone who avoids nothing is told nothing of it.
    await teamsPerson(s, 'aad-tags-none');
    expect(await listed('aad-tags-none')).toEqual(['Latte', 'Thai Tea']);
  });

  it('offers the usual on "coffee", and orders a past drink again from its card, once however often tapped', async () => {
    const person = await teamsPerson(s, 'aad-again', {
      usual: { menu_id: s.menu.thaiTea, type: 'cold', sweetness: 50 },
      avoids: ['milk'],
    });
    const { card, id } = await openForm('aad-again', 'coffee');
    expect(linesOf(card)).toEqual(['Order your usual: Thai Tea · Cold · 50% at Head office?']);
    // Order again lists the last drinks (yesterday's latte, with Whole milk) on the same card.
    await submit('aad-again', id, actionData(card, 'again'), {});
    const listOf = () => cardOf(callsTo(s, 'aad-again', 'PUT').at(-1));
    const first = listOf();
    expect(linesOf(first)).toEqual(['Order again', 'Latte · Cold · 50% · Whole  ⚠ Milk']);
    const [again] = againActions(first);
    expect(again).toMatchObject({ title: 'Order again', data: { cafe: 'orderAgain', shown: 'milk' } });

    // What it contains not confirmed (a card from before the drink had it): nothing placed, the list
    // asked again under the door's words.
    await submit('aad-again', id, { ...again?.data, shown: '' }, {});
    expect(await mine(person)).toEqual([]);
    const asked = listOf();
    expect(linesOf(asked)[0]).toBe(
      `⚠ ${wordsIn('en')('people.refusal.dietConfirmationNeeded', { tags: tagsValue(['milk']) })}`,
    );
    const data = againActions(asked)[0]?.data ?? {};
    for (let i = 0; i < 2; i += 1) await submit('aad-again', id, data, {});
    const orders = await mine(person);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ menu: { name: 'Latte' }, type: 'cold', sweetness: 50, status: 'ordered' });
    expect(linesOf(listOf())[0]).toBe(`Your order: Latte · Cold · 50% · Whole at Head office (#${orders[0]?.id})`);
  });

  it('offers Order again with what it understands; with nothing ordered before, says so', async () => {
    await teamsPerson(s, 'aad-again-none', { photo: false });
    const { card, id } = await openForm('aad-again-none', 'hello');
    expect(linesOf(card)[0]).toMatch(/^Type coffee for your usual/);
    await submit('aad-again-none', id, actionData(card, 'again'), {});
    expect(linesOf(cardOf(callsTo(s, 'aad-again-none', 'PUT').at(-1)))).toEqual([
      'Order again',
      wordsIn('en')('people.teams.again.none').replaceAll('**', ''),
    ]);
  });

  it("says a refused move of the person's own order on that order's card (cancelled meanwhile on the web)", async () => {
    const person = await teamsPerson(s, 'aad-own', { usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 } });
    expect((await sendActivity(s, messageFrom(s, 'aad-own', { text: 'usual' }))).statusCode).toBe(202);
    const offered = callsTo(s, 'aad-own', 'POST').at(-1);
    const cardId = postedId(s, offered);
    await submit('aad-own', cardId, actionData(cardOf(offered), 'usual'), {});
    const cancel = actionData(cardOf(callsTo(s, 'aad-own', 'PUT').at(-1)), 'cancel');
    const [order] = await mine(person);
    expect((await ownerPatch(s.t, person, order?.id ?? 0, 'cancel')).statusCode).toBe(200);
    await s.t.app.ctx.services.teams.settled();
    const mark = s.teams.calls.length;
    await submit('aad-own', cardId, cancel, {});
    const calls = s.teams.calls.slice(mark);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /v3/conversations/a:conv-aad-own/activities/${cardId}`,
    ]);
    const card = textOf(cardOf(calls[0]));
    expect(card).toContain(`⚠ ${wordsIn('en')('people.chat.refused.moved')}`);
    expect(card).toContain('Cancelled');
  });

  it('links by a verified company e-mail, else gives a one-time link (in Thai for locale th); a disabled account is told', async () => {
    s.teams.members['aad-stranger'] = { name: 'Stranger', email: 'someone@other.example' };
    await sendActivity(s, messageFrom(s, 'aad-stranger', { text: 'กาแฟ', locale: 'th-TH' }));
    const told = textOf(cardOf(callsTo(s, 'aad-stranger', 'POST').at(-1)));
    expect(told).toContain('https://cafe.example.com/teams/link/');
    expect(told).toContain('ยังไม่ได้เชื่อม');

    const person = await teamsPerson(s, 'aad-leaver');
    await sendActivity(s, messageFrom(s, 'aad-leaver', { text: 'coffee' }));
    const link = await s.t.app.ctx.db
      .selectFrom('chat_links')
      .selectAll()
      .where('external_id', '=', 'aad-leaver')
      .executeTakeFirst();
    expect(link).toMatchObject({ user_id: person.id, linked_by: 'email' });
    const admin = await s.t.createUser({ role: 'admin' });
    const off = await s.t.request('PATCH', `/api/user/${person.id}`, admin, { isAvailable: 'unavailable' });
    expect(off.statusCode, off.body).toBe(200);
    await sendActivity(s, messageFrom(s, 'aad-leaver', { text: 'coffee' }));
    expect(textOf(cardOf(callsTo(s, 'aad-leaver', 'POST').at(-1)))).toContain('no longer active');
  });

  it('lists the open coffee runs on "runs" and "รอบ", each with its page; none open said so', async () => {
    /** The titles and pages of a card's links. */
    const linksOf = (card: unknown): string[] => {
      const found: string[] = [];
      const walk = (value: unknown): void => {
        if (!value || typeof value !== 'object') return;
        const action = value as { type?: unknown; title?: unknown; url?: unknown };
        if (action.type === 'Action.OpenUrl') found.push(`${String(action.title)} ${String(action.url)}`);
        Object.values(value).forEach(walk);
      };
      walk(card);
      return found;
    };
    const runsCard = async (aad: string, text: string) => {
      expect((await sendActivity(s, messageFrom(s, aad, { text }))).statusCode).toBe(202);
      return cardOf(callsTo(s, aad, 'POST').at(-1));
    };
    await teamsPerson(s, 'aad-runs');
    const none = await runsCard('aad-runs', 'runs');
    expect(textOf(none)).toMatch(/No coffee run is open at .+\. Start one: https:\/\/cafe\.example\.com\/runs/);
    expect(linksOf(none)).toEqual(['Start a run https://cafe.example.com/runs']);

    const ann = await s.t.createUser({ name: 'Ann' });
    const { run, pickup, closes } = await startRun(s, ann, 'Meeting room *3*', await s.t.createUser());
    const listed = await runsCard('aad-runs', ' Runs ');
    expect(textOf(listed)).toContain(`Open coffee runs at ${run.site.name}`);
    // A colleague's words are shown as typed, never as markdown.
    const line = `Ann's run for Meeting room *3*, pickup ${pickup}, closes ${closes}, 1 drink`;
    expect((listed.body as unknown[])[1]).toEqual({
      type: 'RichTextBlock',
      inlines: [{ type: 'TextRun', text: line }],
    });
    expect(linksOf(listed)).toEqual([
      `Add my drink https://cafe.example.com/runs/${run.id}`,
      'Start a run https://cafe.example.com/runs',
    ]);

    await teamsPerson(s, 'aad-runs-th', { language: 'th' });
    const thai = await runsCard('aad-runs-th', 'รอบ');
    expect(textOf(thai)).toContain(
      `รอบฝากซื้อของ Ann สำหรับ Meeting room *3* รับเวลา ${pickup} ปิดรับเวลา ${closes} มี 1 แก้ว`,
    );
    expect(linksOf(thai)[0]).toBe(`ฝากเครื่องดื่มของฉัน https://cafe.example.com/runs/${run.id}`);
  });
});
