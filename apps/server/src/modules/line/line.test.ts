import type { ChatChannelStatus, Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, placeOrder } from '../../test-support/order-fixtures';
import {
  buttonData,
  createLineApp,
  followEvent,
  lineUserId,
  linePerson,
  lineWebhook,
  menuUriOf,
  postbackEvent,
  readBy,
  startRun,
  textEvent,
  type LineSetup,
} from '../../test-support/line-fixtures';

/**
 * The LINE channel against a fake Messaging API that checks what LINE checks (the token, reply
 * tokens, the messages' shape): the usual offered and ordered once per button, the order's
 * progress as replies or counted pushes, linking, the open coffee runs. On SQLite and PostgreSQL
 * (TEST_DATABASE_URL).
 */
describe('the LINE channel', () => {
  let s: LineSetup;
  beforeAll(async () => {
    s = await createLineApp();
  });
  afterAll(() => s.close());

  const usual = () => ({ menu_id: s.menu.latte, type: 'cold', sweetness: 50 });
  const myQueue = async (user: Parameters<typeof s.t.request>[2]) =>
    (await s.t.request('GET', '/api/order/my-queue', user)).json<Order[]>();

  it('offers the usual on "coffee" and on the rich menu postback, with Order and the Menu page', async () => {
    const { id } = await linePerson(s, { usual: usual() });
    expect((await lineWebhook(s.t, [textEvent(s, id, '  Coffee ')])).statusCode).toBe(200);
    expect(readBy(s, id).at(-1)).toContain('Order your usual: Latte · Cold · 50% at ');
    expect(s.line.deliveredTo(id).at(-1)?.via).toBe('reply');
    expect(menuUriOf(s, id)).toBe('https://cafe.example.com/');
    await lineWebhook(s.t, [postbackEvent(s, id, 'action=coffee')]);
    expect(readBy(s, id)).toHaveLength(2);
    expect(buttonData(s, id, 'Order')).toMatch(/^action=order&n=[\w-]+&avoid=$/);
  });

  it('places the usual once however often its Order is tapped or redelivered, and says its place', async () => {
    const { user, id } = await linePerson(s, { usual: usual() });
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    const order = buttonData(s, id, 'Order');
    const tap = postbackEvent(s, id, order);
    expect((await lineWebhook(s.t, [tap])).statusCode).toBe(200);
    expect(readBy(s, id).at(-1)).toMatch(/Waiting · Place in the queue when placed: 1/);
    expect(readBy(s, id).at(-1)).toContain('Your order: Latte · Cold · 50%');
    // LINE redelivers the same event: answered, nothing done again.
    expect((await lineWebhook(s.t, [tap], { redelivery: true })).statusCode).toBe(200);
    expect(readBy(s, id)).toHaveLength(2);
    // A second tap of the same button: still one order, its message again.
    await lineWebhook(s.t, [postbackEvent(s, id, order)]);
    expect(await myQueue(user)).toHaveLength(1);
    expect(readBy(s, id)).toHaveLength(3);
    expect(s.line.calls.filter((c) => c.path === '/v2/bot/message/push')).toEqual([]);
  });

  it('tells the order moving on: ready as one counted push, Picked up as the reply to the tap', async () => {
    const { user, id } = await linePerson(s, { usual: usual() });
    const barista = await s.t.createUser({ role: 'barista' });
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Order'))]);
    const [order] = await myQueue(user);
    const pushesBefore = s.line.delivered.filter((d) => d.via === 'push').length;
    for (const status of ['in-progress', 'done']) {
      const moved = await s.t.request('PATCH', `/api/order/barista/${order?.id}`, barista, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      await s.t.app.ctx.services.line.settled();
    }
    // In progress says nothing; ready is one push, counted for the admins' page.
    const pushes = s.line.delivered.filter((d) => d.via === 'push');
    expect(pushes.length - pushesBefore).toBe(1);
    expect(readBy(s, id).at(-1)).toContain('Ready to pick up');
    const channels = await s.t.app.ctx.services.chat.channels();
    expect(channels.find((c: ChatChannelStatus) => c.channel === 'line')?.pushesThisMonth).toBe(pushes.length);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Pick up'))]);
    expect(s.line.deliveredTo(id).at(-1)?.via).toBe('reply');
    expect(readBy(s, id).at(-1)).toContain('Picked up');
    expect(s.line.delivered.filter((d) => d.via === 'push')).toHaveLength(pushes.length);
  });

  it('answers Cancel with the reply token while fresh, and pushes once it expired', async () => {
    const { user, id } = await linePerson(s, { usual: usual() });
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Order'))]);
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Cancel'))]);
    expect(s.line.deliveredTo(id).at(-1)).toMatchObject({ via: 'reply' });
    expect(readBy(s, id).at(-1)).toContain('Cancelled');
    expect((await myQueue(user)).map((o) => o.status)).toEqual(['cancel']);

    // A barista rejects the next order with a reason: a push (no tap of theirs), the reason said.
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    const nextOrder = buttonData(s, id, 'Order');
    // The tap's reply token is older than a minute when the order is answered: pushed instead.
    const tap = postbackEvent(s, id, nextOrder);
    s.t.clock.advance(61_000);
    await lineWebhook(s.t, [tap]);
    expect(s.line.deliveredTo(id).at(-1)).toMatchObject({ via: 'push' });
    const barista = await s.t.createUser({ role: 'barista' });
    const order = (await myQueue(user)).find((o) => o.status === 'ordered');
    const rejected = await s.t.request('PATCH', `/api/order/barista/${order?.id}`, barista, {
      status: 'rejected',
      reject_note: 'Out of oat milk',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await s.t.app.ctx.services.line.settled();
    expect(s.line.deliveredTo(id).at(-1)).toMatchObject({ via: 'push' });
    expect(readBy(s, id).at(-1)).toContain('Reason: Out of oat milk');
  });

  it("counts the reply token's age from the event's timestamp: an event sent 55 s ago gets a push, no reply tried", async () => {
    const { id } = await linePerson(s, { usual: usual() });
    const event = textEvent(s, id, 'coffee');
    await lineWebhook(s.t, [{ ...event, timestamp: s.t.clock.now().getTime() - 55_000 }]);
    expect(s.line.calls.filter((c) => c.body.replyToken === event.replyToken)).toEqual([]);
    expect(s.line.deliveredTo(id)).toMatchObject([{ via: 'push' }]);
    expect(readBy(s, id).at(-1)).toContain('Order your usual');
    // A timestamp ahead of the server's clock (skew) counts from now: the reply token is used.
    const ahead = { ...textEvent(s, id, 'coffee'), timestamp: s.t.clock.now().getTime() + 10 * 60_000 };
    await lineWebhook(s.t, [ahead]);
    expect(s.line.deliveredTo(id).map((d) => d.via)).toEqual(['push', 'reply']);
  });

  it('says the catalogue words and the Menu page when there is no usual', async () => {
    const { id } = await linePerson(s);
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    expect(readBy(s, id).at(-1)).toContain('You have no usual yet');
    expect(menuUriOf(s, id)).toBe('https://cafe.example.com/');
    await lineWebhook(s.t, [textEvent(s, id, 'hello')]);
    expect(readBy(s, id).at(-1)).toContain('Type coffee, or tap Coffee in the menu below');
  });

  it('orders a past drink again: Order again lists the last different drinks, each placed once by its button', async () => {
    const { user, id } = await linePerson(s);
    // Yesterday's Thai Tea on the web (cancelled), after the Latte linePerson's photo came with.
    const today = s.t.clock.now();
    s.t.clock.set(new Date(today.getTime() - 23 * 3600_000));
    const tea = await placeOrder(s.t, user, cafeOrderBody(s.menu.thaiTea, s.image, { type: 'hot', remark: '' }));
    expect(tea.statusCode, tea.body).toBe(201);
    await s.t.request('PATCH', `/api/order/${tea.json<Order>().id}`, user, { status: 'cancel' });
    s.t.clock.set(today);

    // No usual: "coffee" says so, with Order again and Menu.
    await lineWebhook(s.t, [textEvent(s, id, 'coffee')]);
    expect(readBy(s, id).at(-1)).toContain('You have no usual yet');
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'Order again'))]);
    const list = readBy(s, id).at(-1) ?? '';
    expect(list).toMatch(/Order again[^]*Thai Tea · Hot · 50%[^]*Latte · Cold · 50%/);
    const again = buttonData(s, id, 'Order again');
    expect(again).toMatch(new RegExp(`^action=orderAgain&id=${tea.json<Order>().id}&n=[\\w-]+&avoid=$`));

    await lineWebhook(s.t, [postbackEvent(s, id, again)]);
    expect(s.line.deliveredTo(id).at(-1)?.via).toBe('reply');
    expect(readBy(s, id).at(-1)).toContain('Your order: Thai Tea · Hot · 50%');
    expect(readBy(s, id).at(-1)).toMatch(/Waiting · Place in the queue when placed: \d/);
    // A second tap of the same button: still one order.
    await lineWebhook(s.t, [postbackEvent(s, id, again)]);
    expect((await myQueue(user)).map((o) => o.menu.name)).toEqual(['Thai Tea']);

    // The usual's offer has Order again too; someone with nothing ordered yet is told so.
    const { id: other } = await linePerson(s, { usual: usual(), photo: false });
    await lineWebhook(s.t, [textEvent(s, other, 'hello')]);
    await lineWebhook(s.t, [postbackEvent(s, other, buttonData(s, other, 'Order again'))]);
    expect(readBy(s, other).at(-1)).toContain('You have no drink to order again yet');
    const thai = await linePerson(s, { usual: usual(), language: 'th' });
    await lineWebhook(s.t, [textEvent(s, thai.id, 'ประจำ')]);
    await lineWebhook(s.t, [postbackEvent(s, thai.id, buttonData(s, thai.id, 'สั่งอีกครั้ง'))]);
    expect(readBy(s, thai.id).at(-1)).toContain('Latte · เย็น · 50%');
  });

  it('speaks Thai to a person whose language is Thai, and takes "กาแฟ"', async () => {
    const { id } = await linePerson(s, { usual: usual(), language: 'th' });
    await lineWebhook(s.t, [textEvent(s, id, 'กาแฟ')]);
    expect(readBy(s, id).at(-1)).toContain('สั่งเมนูประจำ: Latte · เย็น · 50%');
    await lineWebhook(s.t, [postbackEvent(s, id, buttonData(s, id, 'สั่ง'))]);
    expect(readBy(s, id).at(-1)).toContain('รอคิว');
  });

  it('greets a new follower with a one-time link in the language LINE says they read, and orders nothing', async () => {
    const orders = () => s.t.app.ctx.db.selectFrom('orders').selectAll().execute();
    const before = (await orders()).length;
    const id = lineUserId();
    s.line.profiles[id] = { displayName: 'Nok', language: 'th' };
    await lineWebhook(s.t, [followEvent(s, id)]);
    expect(readBy(s, id).at(-1)).toMatch(/บัญชี LINE ของคุณยังไม่ได้เชื่อมกับคาเฟ่.*https:\/\/cafe\.example\.com\/line\/link\//);
    await lineWebhook(s.t, [postbackEvent(s, id, 'action=order&n=abc&avoid=')]);
    expect(readBy(s, id).at(-1)).toContain('/line/link/');
    expect(await orders()).toHaveLength(before);
  });

  it('ends a revoked link and a disabled account: told, and no order', async () => {
    const admin = await s.t.createUser({ role: 'admin' });
    const revoked = await linePerson(s, { usual: usual() });
    await lineWebhook(s.t, [textEvent(s, revoked.id, 'coffee')]);
    const order = buttonData(s, revoked.id, 'Order');
    expect((await s.t.request('DELETE', '/api/chat/line/link', revoked.user)).statusCode).toBe(204);
    await lineWebhook(s.t, [postbackEvent(s, revoked.id, order)]);
    expect(readBy(s, revoked.id).at(-1)).toContain('You unlinked LINE from the cafe');
    expect(await myQueue(revoked.user)).toEqual([]);
    // Linking again with a new one-time link works (the words carry it).

    const leaving = await linePerson(s, { usual: usual() });
    await lineWebhook(s.t, [textEvent(s, leaving.id, 'coffee')]);
    const leavingOrder = buttonData(s, leaving.id, 'Order');
    const off = await s.t.request('PATCH', `/api/user/${leaving.user.id}`, admin, { isAvailable: 'unavailable' });
    expect(off.statusCode, off.body).toBe(200);
    await lineWebhook(s.t, [postbackEvent(s, leaving.id, leavingOrder)]);
    expect(readBy(s, leaving.id).at(-1)).toContain('Your cafe account is no longer active');
    const orders = await s.t.app.ctx.db
      .selectFrom('orders')
      .where('user_id', '=', leaving.user.id)
      .selectAll()
      .execute();
    expect(orders.filter((o) => o.status !== 'cancel')).toEqual([]);
  });

  it('lists the open coffee runs on "runs", "รอบ" and the runs postback, each with its page; none open said so', async () => {
    /** The labels and pages of the link buttons in what `id` read last. */
    const linksOf = (id: string): string[] => {
      const found: string[] = [];
      const walk = (value: unknown): void => {
        if (!value || typeof value !== 'object') return;
        const action = (value as { action?: { type?: string; label?: string; uri?: string } }).action;
        if (action?.type === 'uri') found.push(`${action.label} ${action.uri}`);
        Object.values(value).forEach(walk);
      };
      walk(s.line.deliveredTo(id).at(-1)?.messages);
      return found;
    };
    const { id } = await linePerson(s);
    await lineWebhook(s.t, [textEvent(s, id, 'runs')]);
    expect(readBy(s, id).at(-1)).toMatch(/No coffee run is open at .+\. Start one: https:\/\/cafe\.example\.com\/runs/);
    expect(linksOf(id)).toEqual(['Start a run https://cafe.example.com/runs']);

    const ann = await s.t.createUser({ name: 'Ann' });
    const { run, pickup, closes } = await startRun(s, ann, 'Meeting room 3', await s.t.createUser());
    for (const asked of [textEvent(s, id, 'Runs'), postbackEvent(s, id, 'action=runs')]) {
      await lineWebhook(s.t, [asked]);
      expect(s.line.deliveredTo(id).at(-1)?.via).toBe('reply');
      const read = readBy(s, id).at(-1);
      expect(read).toContain(`Open coffee runs at ${run.site.name}`);
      expect(read).toContain(`Ann's run for Meeting room 3, pickup ${pickup}, closes ${closes}, 1 drink`);
      expect(linksOf(id)).toEqual([
        `Add my drink https://cafe.example.com/runs/${run.id}`,
        'Start a run https://cafe.example.com/runs',
      ]);
    }

    const thai = await linePerson(s, { language: 'th' });
    await lineWebhook(s.t, [textEvent(s, thai.id, 'รอบ')]);
    expect(readBy(s, thai.id).at(-1)).toContain(
      `รอบฝากซื้อของ Ann สำหรับ Meeting room 3 รับเวลา ${pickup} ปิดรับเวลา ${closes} มี 1 แก้ว`,
    );
    expect(linksOf(thai.id)[0]).toBe(`ฝากเครื่องดื่มของฉัน https://cafe.example.com/runs/${run.id}`);
  });
});
