import type { OptionGroup, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { cafeOrderBody, placeOrder } from '../../test-support/order-fixtures';
import { startSlackReceiver } from '../../test-support/receivers';
import {
  SIGNING_SECRET,
  SLACK_TOKEN,
  TEAM,
  buttonTap,
  buttonValue,
  coffeeCommand,
  sendCommand,
  sendInteraction,
} from '../../test-support/slack-fixtures';
import { FIRST_SITE_ID } from '../../test-support/test-app';
import { ACTIONS } from '../slack/slack.blocks';

/**
 * LINE adds no rule of its own: a sold-out choice, the daily limit (shared with the web and Slack)
 * and what the person avoids are the ordering door's, said in the person's words. On SQLite and
 * PostgreSQL (TEST_DATABASE_URL).
 */
describe('LINE on the ordering door', () => {
  let s: LineSetup;
  let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
  let milk: OptionGroup;
  const profiles: Record<string, { email?: string; confirmed?: boolean; name?: string }> = {};
  const choice = (name: string) => milk.choices.find((c) => c.name === name)?.id ?? 0;

  beforeAll(async () => {
    slack = await startSlackReceiver({ token: SLACK_TOKEN, people: {}, team: TEAM, profiles });
    s = await createLineApp({
      env: { SLACK_BOT_TOKEN: SLACK_TOKEN, SLACK_API_URL: slack.apiUrl, SLACK_SIGNING_SECRET: SIGNING_SECRET },
    });
    const barista = await s.t.createUser({ role: 'barista' });
    const created = await s.t.request('POST', '/api/option-groups', barista, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole milk', isDefault: true, tags: ['milk'] }, { name: 'Oat milk' }, { name: 'Soy milk' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    milk = created.json<OptionGroup>();
    const linked = await s.t.request('PUT', `/api/menu/${s.menu.latte}/options`, barista, {
      groups: [{ groupId: milk.id }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const soldOut = await s.t.request(
      'PATCH',
      `/api/sites/${FIRST_SITE_ID}/option-choices/${choice('Soy milk')}`,
      barista,
      {
        soldOut: true,
      },
    );
    expect(soldOut.statusCode, soldOut.body).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    await slack.close();
  });

  const latte = (milkName: string) => ({
    menu_id: s.menu.latte,
    type: 'hot',
    sweetness: 50,
    options: [{ choiceId: choice(milkName) }],
  });
  const orders = async (userId: number) =>
    (await s.t.app.ctx.db.selectFrom('orders').where('user_id', '=', userId).selectAll().execute()).filter(
      (o) => o.status !== 'cancel',
    );

  it("refuses a usual whose choice is sold out in the door's words", async () => {
    const { user, id } = await linePerson(s, { usual: latte('Oat milk') });
    const barista = await s.t.createUser({ role: 'barista' });
    await s.t.request('PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${choice('Oat milk')}`, barista, {
      soldOut: true,
    });
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Order'))]);
    // The web is told the same for the same drink.
    const web = await placeOrder(
      s.t,
      user,
      cafeOrderBody(s.menu.latte, s.image, { options: [{ choiceId: choice('Oat milk') }] }),
    );
    expect(web.statusCode).toBe(409);
    expect(readBy(s, id).at(-1)).toContain('Oat milk');
    expect(readBy(s, id).at(-1)).toMatch(/sold out/);
    expect(await orders(user.id)).toEqual([]);
    await s.t.request('PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${choice('Oat milk')}`, barista, {
      soldOut: false,
    });
  });

  it('counts orders placed on the web and in Slack toward the daily limit LINE meets', async () => {
    const { user, id } = await linePerson(s, { usual: latte('Oat milk') });
    const web = await placeOrder(
      s.t,
      user,
      cafeOrderBody(s.menu.latte, s.image, { options: [{ choiceId: choice('Oat milk') }] }),
    );
    expect(web.statusCode, web.body).toBe(201);
    profiles.U0LINELIMIT = { email: user.email, confirmed: true, name: 'limit' };
    const asked = await sendCommand(s.t, coffeeCommand('U0LINELIMIT'));
    const value = buttonValue(asked.json<{ blocks: unknown[] }>().blocks, ACTIONS.orderUsual) ?? '';
    await sendInteraction(s.t, buttonTap('U0LINELIMIT', ACTIONS.orderUsual, value));
    expect(await orders(user.id)).toHaveLength(2);

    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Order'))]);
    expect(readBy(s, id).at(-1)).toContain('You already reached your order limit!');
    expect(await orders(user.id)).toHaveLength(2);
  });

  it('warns first of what the person avoids, asks again when Order showed less, and places it once confirmed', async () => {
    const { user, id } = await linePerson(s, {
      usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 },
      avoids: ['milk'],
      language: 'th',
    });
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    const offer = s.line.deliveredTo(id).at(-1)?.messages[0] as {
      contents: { body: { contents: { text: string }[] } };
    };
    expect(offer.contents.body.contents[0]?.text).toContain('เครื่องดื่มนี้ไม่เหมาะกับคุณ: นม');
    const order = buttonData(s, id, 'สั่ง');
    expect(order).toMatch(/&avoid=milk$/);
    // An Order that showed nothing: no order, the warning asked again (in Thai).
    await lineWebhook(s.t, [postbackEvent(s, id, order.replace(/avoid=milk$/, 'avoid='))]);
    expect(await orders(user.id)).toEqual([]);
    expect(readBy(s, id).at(-1)).toContain('เครื่องดื่มนี้ไม่เหมาะกับคุณ: นม');
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'สั่ง'))]);
    const placed = await s.t.request('GET', '/api/order/my-queue', user);
    const mine = placed.json<Order[]>().filter((o) => o.status === 'ordered');
    expect(mine.map((o) => o.options?.map((c) => c.choice))).toEqual([['Whole milk']]);
    expect(mine[0]?.dietWarnings).toEqual(['milk']);
  });
});
