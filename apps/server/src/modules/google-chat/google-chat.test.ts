import { tagsValue, type ChatChannels, type OptionGroup, type Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsIn } from '../../lib/chat-words';
import { baristaPatch, createOrderingApp, type SeededMenu } from '../../test-support/order-fixtures';
import { readyToOrder, startRun, type ChatPersonOptions } from '../../test-support/slack-fixtures';
import type { TestApp, TestUser } from '../../test-support/test-app';
import {
  buttonOf,
  cardProblems,
  event,
  googleChatEnv,
  linesOf,
  sendEvent,
  startGoogle,
  tapped,
  typed,
  widgetsOf,
  type GoogleFake,
  type Json,
  type Reply,
} from '../../test-support/google-chat-fake';

/*
 * The Google Chat app against a stand-in Google (test-support/google-chat-fake.ts): Chat's signing
 * keys (tokens signed as Chat signs them, or not), the token endpoint of the app's service account
 * (checks the assertion the app signs with its key), and the Chat API (checks the app's access token
 * and the shape of every card). On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */

describe('the Google Chat app', () => {
  let google: GoogleFake;
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let milk: OptionGroup;

  beforeAll(async () => {
    google = await startGoogle();
    ({ t, menu, image } = await createOrderingApp({
      env: googleChatEnv(google),
    }));
    barista = await t.createUser({ role: 'barista' });
    // Latte comes with milk (Whole, tagged milk, by default), Oat sold out.
    const group = await t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true, tags: ['milk'] }, { name: 'Oat' }, { name: 'Soy' }],
    });
    milk = group.json<OptionGroup>();
    await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, { groups: [{ groupId: milk.id }] });
    const oat = milk.choices.find((c) => c.name === 'Oat')?.id ?? 0;
    await t.request('PATCH', `/api/sites/1/option-choices/${oat}`, barista, { soldOut: true });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const send = (payload: Json, authorization?: string | null) => sendEvent(t, google, payload, authorization);
  /** The app's answer, its cards' shape checked. */
  async function answer(payload: Json): Promise<Reply> {
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<Reply>();
    if (reply.cardsV2) expect(cardProblems(reply)).toEqual([]);
    return reply;
  }
  /** A person Chat names by their company e-mail (so linked by it), ready to order. */
  async function person(who: string, options: ChatPersonOptions = {}) {
    const user = await t.createUser({ name: `Chat ${who}` });
    await readyToOrder({ t, menu, image }, user, options);
    return { user, email: user.email };
  }
  const mine = async (user: TestUser) => (await t.request('GET', '/api/order/my-queue', user)).json<Order[]>();
  const linkTokens = async () =>
    (await t.app.ctx.db.selectFrom('chat_link_tokens').select('token_hash').execute()).length;

  it("serves a request with Chat's token, and refuses any other with 401, doing nothing", async () => {
    const before = await linkTokens();
    const coffee = typed('stranger-1', 'coffee');
    const refused = [
      null,
      'Bearer not-a-token',
      `Bearer ${google.token({ audience: '999999999999' })}`,
      `Bearer ${google.token({ issuer: 'someone@example.iam.gserviceaccount.com' })}`,
      `Bearer ${google.token({ expiresIn: -600 })}`,
      `Bearer ${google.token({ key: google.forgerKey })}`,
    ];
    for (const authorization of refused) {
      const res = await send(coffee, authorization);
      expect(res.statusCode, authorization ?? 'none').toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(await linkTokens()).toBe(before);
    expect(google.state.certFetches).toBe(1);
    // The same event with Chat's own token is served (and, Chat retrying it, answered once).
    expect((await answer(coffee)).text).toContain('https://cafe.example.com/google-chat/link/');
    expect(await linkTokens()).toBe(before + 1);
    expect(await answer(coffee)).toEqual({});
    expect(await linkTokens()).toBe(before + 1);
  });

  it('tells someone not linked a one-time link (in Thai for a Thai locale), which links them', async () => {
    const told = await answer(typed('stranger-2', 'กาแฟ', { locale: 'th' }));
    expect(told.text).toContain('บัญชี Google Chat ของคุณยังไม่ได้เชื่อมกับคาเฟ่');
    const token = /\/google-chat\/link\/([A-Za-z0-9_-]+)/.exec(told.text ?? '')?.[1] ?? '';
    const { user } = await person('linker', { usual: { menu_id: menu.latte, type: 'hot', sweetness: 50 } });
    const preview = await t.request('GET', `/api/chat/google-chat/link-tokens/${token}`, user);
    expect(preview.json()).toEqual({ name: 'Chat stranger-2' });
    expect((await t.request('POST', `/api/chat/google-chat/link-tokens/${token}`, user)).statusCode).toBe(200);
    const offer = await answer(typed('stranger-2', 'coffee'));
    expect(linesOf(offer)).toContain('Order your usual: Latte · Hot · 50% · Whole at Head office?');
  });

  it('serves direct messages only: a space is told so, and nothing is done; a direct message added greets', async () => {
    const before = await linkTokens();
    const space = { type: 'ROOM', spaceType: 'SPACE', singleUserBotDm: false };
    for (const type of ['MESSAGE', 'ADDED_TO_SPACE'])
      expect(await answer({ ...typed('roomie', 'coffee', { space }), type })).toEqual({
        text: wordsIn('en')('people.googleChat.dmOnly'),
      });
    expect(await linkTokens()).toBe(before);
    const { email } = await person('greeted');
    expect(await answer(event('ADDED_TO_SPACE', 'greeted', { email }))).toEqual({
      text: wordsIn('en')('people.googleChat.greeting'),
    });
  });

  it('offers the usual on "coffee", orders it once however often tapped, and follows the order through the Chat API', async () => {
    const { user, email } = await person('usual', { usual: { menu_id: menu.latte, type: 'hot', sweetness: 50 } });
    const offer = await answer(typed('usual', 'coffee', { email }));
    expect(offer.actionResponse).toBeUndefined();
    expect(linesOf(offer)[0]).toBe('Order your usual: Latte · Hot · 50% · Whole at Head office?');
    const name = 'spaces/dm-usual/messages/offer';
    const order = buttonOf(offer, 'usual');
    const placed = await answer(tapped('usual', name, order, {}, { user: { name: 'users/usual', email } }));
    expect(placed.actionResponse).toEqual({ type: 'UPDATE_MESSAGE' });
    const [mineNow] = await mine(user);
    expect(mineNow).toMatchObject({ status: 'ordered', menu: { name: 'Latte' }, type: 'hot', sweetness: 50 });
    expect(linesOf(placed)).toEqual([
      `Your order: Latte · Hot · 50% · Whole at Head office (#${mineNow?.id})`,
      'Waiting',
      'Place in the queue when placed: 1',
    ]);
    expect(buttonOf(placed, 'cancel').text).toBe('Cancel');
    await answer(tapped('usual', name, order, {}, { user: { name: 'users/usual', email }, eventTime: 'again' }));
    expect(await mine(user)).toHaveLength(1);

    // The barista's moves: the order's message patched as the app, with the token Google gave it.
    const id = mineNow?.id ?? 0;
    expect((await baristaPatch(t, barista, id, { status: 'in-progress' })).statusCode).toBe(200);
    await t.app.ctx.services.googleChat.settled();
    expect((await baristaPatch(t, barista, id, { status: 'done' })).statusCode).toBe(200);
    await t.app.ctx.services.googleChat.settled();
    const patched = google.patches.filter((p) => p.name === name);
    expect(patched.map((p) => [p.mask, p.problems, linesOf(p.message)[1]])).toEqual([
      ['cardsV2', [], 'In progress'],
      ['cardsV2', [], 'Ready to pick up'],
    ]);
    expect(google.state.refused).toEqual([]);
    expect(google.state.tokens).toBe(1);

    // Picked up from the card: answered in the response, no call to the Chat API for it.
    const picked = await answer(
      tapped('usual', name, buttonOf(patched[1]!.message, 'picked'), {}, { user: { name: 'users/usual', email } }),
    );
    expect(linesOf(picked)[1]).toBe('Picked up');
    expect((await mine(user)).map((o) => o.status)).toEqual(['picked']);
    expect(google.patches.filter((p) => p.name === name)).toHaveLength(2);
  });

  it('orders a past drink again from the "coffee" card, and cancels it from its card', async () => {
    const { user, email } = await person('again', { usual: { menu_id: menu.thaiTea, type: 'cold', sweetness: 50 } });
    const offer = await answer(typed('again', 'coffee', { email }));
    expect(linesOf(offer)).toEqual([
      'Order your usual: Thai Tea · Cold · 50% at Head office?',
      'Latte · Cold · 50% · Whole',
    ]);
    const sections = (offer.cardsV2?.[0]?.card.sections ?? []) as { header?: string }[];
    expect(sections.map((section) => section.header)).toEqual([undefined, 'Order again']);
    const again = buttonOf(offer, 'again');
    expect(again.text).toBe('Order again');
    const at = { user: { name: 'users/again', email } };
    const placed = await answer(tapped('again', 'spaces/dm-again/messages/coffee', again, {}, at));
    const [order] = await mine(user);
    expect(order).toMatchObject({ menu: { name: 'Latte' }, type: 'cold', status: 'ordered' });
    // Someone else's tap on it (a forged button): refused to them alone, the order untouched.
    const { email: other } = await person('other');
    const forged = await answer(
      tapped(
        'other',
        'spaces/dm-other/messages/x',
        buttonOf(placed, 'cancel'),
        {},
        { user: { name: 'users/other', email: other } },
      ),
    );
    expect(forged).toEqual({
      actionResponse: { type: 'NEW_MESSAGE' },
      text: wordsIn('en')('people.chat.refused.notYours'),
    });
    expect((await mine(user)).map((o) => o.status)).toEqual(['ordered']);
    const cancelled = await answer(
      tapped('again', 'spaces/dm-again/messages/coffee', buttonOf(placed, 'cancel'), {}, at),
    );
    expect(cancelled.actionResponse).toEqual({ type: 'UPDATE_MESSAGE' });
    expect(linesOf(cancelled)[1]).toBe('Cancelled');
    expect((await mine(user)).map((o) => o.status)).toEqual(['cancel']);
  });

  it('orders from the form "coffee latte" opens, its choices kept when another drink is chosen', async () => {
    const { user, email } = await person('form');
    const at = { user: { name: 'users/form', email } };
    const form = await answer(typed('form', 'coffee latte', { email }));
    const inputs = Object.fromEntries(
      widgetsOf(form).flatMap((w) => (w.selectionInput ? [[w.selectionInput.name, w.selectionInput]] : [])),
    );
    expect(Object.keys(inputs)).toEqual(['item', 'type', 'sweetness', `group-${milk.id}`, 'when']);
    expect(inputs[`group-${milk.id}`]?.items.map((i) => [i.text, i.selected])).toEqual([
      ['Whole', true],
      ['Soy', false],
    ]);
    expect(linesOf(form)).toContain('Milk: Sold out now: Oat');
    expect(inputs.item?.items.map((i) => [i.text, i.selected])).toEqual([
      ['Latte', true],
      ['Thai Tea', false],
    ]);
    const name = 'spaces/dm-form/messages/form';
    // Thai Tea chosen in the list: its form, the type already chosen kept.
    const switched = await answer(
      tapped(
        'form',
        name,
        { text: '', onClick: { action: { function: 'form', parameters: [] } } },
        { item: [String(menu.thaiTea)], type: ['cold'] },
        at,
      ),
    );
    expect(switched.actionResponse).toEqual({ type: 'UPDATE_MESSAGE' });
    const chosen = (message: Reply, input: string) =>
      widgetsOf(message)
        .find((w) => w.selectionInput?.name === input)
        ?.selectionInput?.items.filter((i) => i.selected)
        .map((i) => i.value);
    expect(chosen(switched, 'item')).toEqual([String(menu.thaiTea)]);
    expect(chosen(switched, 'type')).toEqual(['cold']);
    const answers = {
      item: [String(menu.thaiTea)],
      type: ['cold'],
      sweetness: ['25'],
      remark: ['less ice'],
      when: ['now'],
    };
    // Without a sweetness: the door asks for one on the form, nothing placed.
    const fix = await answer(tapped('form', name, buttonOf(switched, 'order'), { ...answers, sweetness: [] }, at));
    expect(linesOf(fix)[0]).toBe(wordsIn('en')('people.refusal.drinkIncomplete'));
    expect(chosen(fix, 'type')).toEqual(['cold']);
    // A pickup time that is none of the form's: asked to choose when, the other answers kept.
    const when = await answer(tapped('form', name, buttonOf(fix, 'order'), { ...answers, when: ['soon'] }, at));
    expect(linesOf(when)[0]).toBe(wordsIn('en')('people.chat.modal.chooseWhen'));
    expect(chosen(when, 'sweetness')).toEqual(['25']);
    expect(await mine(user)).toEqual([]);
    const placed = await answer(tapped('form', name, buttonOf(fix, 'order'), answers, at));
    expect(linesOf(placed)[1]).toBe('Waiting');
    expect(await mine(user)).toMatchObject([
      { menu: { name: 'Thai Tea' }, type: 'cold', sweetness: 25, remark: 'less ice' },
    ]);
  });

  it('answers "coffee" with the form to someone with no usual and nothing ordered before', async () => {
    const { email } = await person('fresh', { photo: false });
    const form = await answer(typed('fresh', 'coffee', { email }));
    const sections = (form.cardsV2?.[0]?.card.sections ?? []) as { header?: string }[];
    expect(sections.map((section) => section.header)).toEqual(['Order a drink']);
  });

  it('lists the open coffee runs on "runs"', async () => {
    const { email } = await person('runs');
    const runner = await t.createUser({ name: 'Runner Ann' });
    const { run } = await startRun({ t, menu, image }, runner, 'Lobby');
    const runs = await answer(typed('runs', 'runs', { email }));
    expect(linesOf(runs)[0]).toBe('Open coffee runs at Head office');
    expect(linesOf(runs)[1]).toContain("Runner Ann's run for Lobby");
    const links = widgetsOf(runs).flatMap((w) => [
      ...(w.decoratedText?.button ? [w.decoratedText.button] : []),
      ...(w.buttonList?.buttons ?? []),
    ]);
    expect(links.map((b) => b.onClick.openLink?.url)).toEqual([
      `https://cafe.example.com/runs/${run.id}`,
      'https://cafe.example.com/runs',
    ]);
  });

  it('speaks Thai to a Thai person, the diet warning first', async () => {
    const { user, email } = await person('thai', {
      language: 'th',
      usual: { menu_id: menu.latte, type: 'hot', sweetness: 50 },
      avoids: ['milk'],
    });
    const th = wordsIn('th');
    const offer = await answer(typed('thai', 'ประจำ', { email }));
    expect(widgetsOf(offer)[0]?.textParagraph?.text).toMatch(/^<font color="#b00020"><b>/);
    expect(linesOf(offer)[0]).toBe(th('people.chat.diet.warning', { tags: tagsValue(['milk']) }));
    const drink = `Latte · ${th('people.chat.type.hot')} · 50% · Whole`;
    expect(linesOf(offer)[1]).toBe(th('people.line.usual.confirm', { drink, site: 'Head office' }));
    expect(buttonOf(offer, 'usual').onClick.action?.parameters).toContainEqual({ key: 'shown', value: 'milk' });
    const help = await answer(typed('thai', 'สวัสดี', { email }));
    expect(help).toEqual({ text: th('people.googleChat.help') });
    // A button that showed no milk (a card from before the drink had it): asked again, under the door's words.
    const stale = buttonOf(offer, 'usual');
    const parameters = (stale.onClick.action?.parameters ?? []).map((p) =>
      p.key === 'shown' ? { ...p, value: '' } : p,
    );
    const asked = await answer(
      tapped(
        'thai',
        'spaces/dm-thai/messages/th',
        { ...stale, onClick: { action: { function: 'usual', parameters } } },
        {},
        {
          user: { name: 'users/thai', email },
        },
      ),
    );
    expect(asked.actionResponse).toEqual({ type: 'UPDATE_MESSAGE' });
    expect(linesOf(asked)[0]).toBe(th('people.refusal.dietConfirmationNeeded', { tags: tagsValue(['milk']) }));
    expect(await mine(user)).toEqual([]);
    const placed = await answer(
      tapped(
        'thai',
        'spaces/dm-thai/messages/th',
        buttonOf(offer, 'usual'),
        {},
        { user: { name: 'users/thai', email } },
      ),
    );
    expect(linesOf(placed)[1]).toBe(th('people.chat.status.ordered'));
    expect(await mine(user)).toHaveLength(1);
  });

  it("shows admins the app on, its settings, its people, and the Chat API's last refusal", async () => {
    const { user, email } = await person('failing', { usual: { menu_id: menu.latte, type: 'hot', sweetness: 50 } });
    const offer = await answer(typed('failing', 'usual', { email }));
    await answer(
      tapped(
        'failing',
        'spaces/dm-failing/messages/1',
        buttonOf(offer, 'usual'),
        {},
        { user: { name: 'users/failing', email } },
      ),
    );
    const [order] = await mine(user);
    google.state.failNext = 1;
    expect((await baristaPatch(t, barista, order?.id ?? 0, { status: 'in-progress' })).statusCode).toBe(200);
    await t.app.ctx.services.googleChat.settled();
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request('GET', '/api/admin/chat-channels', admin);
    expect(res.body).not.toContain('PRIVATE KEY');
    const channel = res.json<ChatChannels>().channels.find((c) => c.channel === 'google-chat');
    expect(channel).toMatchObject({
      on: true,
      settings: [
        { name: 'GOOGLE_CHAT_PROJECT_NUMBER', set: true, secret: false },
        { name: 'GOOGLE_CHAT_SERVICE_ACCOUNT', set: true, secret: true },
      ],
    });
    expect(channel?.lastError?.message).toMatch(/503|UNAVAILABLE/);
    expect(channel?.linked).toBeGreaterThan(5);
  });

  it('answers bad input signed as Chat signs it with a 4xx, and odd shapes with nothing done', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/google-chat/events',
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${google.token()}` },
      });
    for (const body of ['not json', '[1,2]', '"text"', 'null']) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json<{ message: string }>().message, body).toBeTruthy();
    }
    expect((await post(JSON.stringify({ x: 'x'.repeat(300 * 1024) }))).statusCode).toBe(413);
    const before = { tokens: await linkTokens(), patches: google.patches.length };
    const odd = [
      { type: 'MESSAGE', user: { name: 42 }, space: { type: 'DM' }, message: { text: 'coffee' } },
      { ...typed('odd', 'coffee'), user: 'users/odd' },
      { ...tapped('odd', 'x', { text: '', onClick: {} }), action: { actionMethodName: 'order', parameters: 'x' } },
      { ...tapped('odd', 'x', { text: '', onClick: {} }), common: { formInputs: { item: 7 } }, action: [] },
      { ...typed('odd', 'coffee'), type: 'REMOVED_FROM_SPACE' },
    ];
    for (const event of odd) {
      const res = await post(JSON.stringify(event));
      expect(res.statusCode, JSON.stringify(event)).toBe(200);
    }
    // The unlinked "odd" was told a link for each of its taps; nothing else happened.
    expect(await linkTokens()).toBe(before.tokens + 2);
    expect(google.patches.length).toBe(before.patches);
  });
});
