import {
  peopleText,
  WebhookPayloadSchema,
  type NotificationSettings,
  type Order,
  type OutboxHealth,
} from '@cafe/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_SITE_NAME } from '../../db/migrations/009-sites';
import { freePort } from '../../test-support/free-port';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { startSlackReceiver, startSmtpReceiver, startWebhookReceiver } from '../../test-support/receivers';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { EVENT_WAIT_MS, until } from '../../test-support/waits';
import type { OutboxPayload } from './messages';

/**
 * The notification outbox against real receivers on loopback: a webhook receiver that checks the
 * signature, an HTTP server answering like Slack (429 with Retry-After included), an SMTP server,
 * and a receiver that is down for a while and comes back.
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';
const SECRET = 'webhook-secret-for-the-tests-0123456789';
const SLACK_TOKEN = 'xoxb-test-token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Setup {
  t: TestApp;
  menu: SeededMenu;
  image: string;
  barista: TestUser;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const { t, menu, image } = await createOrderingApp({
    clockNow: WEDNESDAY_10AM,
    env: { PUBLIC_URL: 'https://cafe.example.com', OUTBOX_RETRY_BASE_MS: '200', ...env },
  });
  const barista = await t.createUser({ role: 'barista', name: 'Bea' });
  return { t, menu, image, barista };
}

async function orderAndMove(s: Setup, owner: TestUser, to: 'done' | 'rejected', note?: string): Promise<Order> {
  const placed = await placeOrder(s.t, owner, cafeOrderBody(s.menu.latte, s.image));
  expect(placed.statusCode).toBe(201);
  const order = placed.json<Order>();
  if (to === 'done')
    expect((await baristaPatch(s.t, s.barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
  const res = await baristaPatch(
    s.t,
    s.barista,
    order.id,
    to === 'done' ? { status: 'done' } : { status: 'rejected', reject_note: note },
  );
  expect(res.statusCode).toBe(200);
  return order;
}

async function choose(s: Setup, who: TestUser, body: Record<string, unknown>): Promise<NotificationSettings> {
  const res = await s.t.request('PUT', '/api/user/notifications', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationSettings>();
}

async function health(s: Setup): Promise<OutboxHealth> {
  const admin = await s.t.createUser({ role: 'admin' });
  const res = await s.t.request('GET', '/api/notifications/outbox', admin);
  expect(res.statusCode).toBe(200);
  return res.json<OutboxHealth>();
}

async function outboxRows(s: Setup) {
  return s.t.app.ctx.db.selectFrom('notification_outbox').selectAll().orderBy('id').execute();
}

/** One cafe with a webhook receiver, for the settings and the webhook channel. */
describe('with a webhook receiver', () => {
  let s: Setup;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    webhook = await startWebhookReceiver(SECRET);
    s = await setUp({ WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => {
    await s.t.close();
    await webhook.close();
  });

  describe('notification settings', () => {
    it('starts with Web Push on, the others off, English; only configured channels are available', async () => {
      const person = await s.t.createUser();
      const res = await s.t.request('GET', '/api/user/notifications', person);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        language: 'en',
        channels: {
          push: { available: true, enabled: true },
          slack: { available: false, enabled: false },
          email: { available: false, enabled: false },
          webhook: { available: true, enabled: false },
        },
      });
    });

    it('saves what is sent and keeps the rest; refuses a channel the company did not configure', async () => {
      const person = await s.t.createUser();
      const saved = await choose(s, person, { webhook: true, language: 'th' });
      expect(saved.language).toBe('th');
      expect(saved.channels.webhook.enabled).toBe(true);
      expect(saved.channels.push.enabled).toBe(true);
      const again = await choose(s, person, { push: false });
      expect(again).toMatchObject({
        language: 'th',
        channels: { push: { enabled: false }, webhook: { enabled: true } },
      });

      const refused = await s.t.request('PUT', '/api/user/notifications', person, { slack: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'slack: is not configured by the company' });
      const bad = await s.t.request('PUT', '/api/user/notifications', person, { language: 'fr' });
      expect(bad.statusCode).toBe(400);
      const read = await s.t.request('GET', '/api/user/notifications', person);
      expect(read.json()).toEqual(again);
    });

    it('needs a sign-in, and the outbox health an admin', async () => {
      expect((await s.t.request('GET', '/api/user/notifications')).statusCode).toBe(401);
      const user = await s.t.createUser();
      expect((await s.t.request('GET', '/api/notifications/outbox', user)).statusCode).toBe(403);
      const barista = await s.t.createUser({ role: 'barista' });
      expect((await s.t.request('GET', '/api/notifications/outbox', barista)).statusCode).toBe(403);
    });
  });

  describe('webhook channel', () => {
    // PostgreSQL reads the owner with the Do, which tells nobody, so that Done finds them known
    // (decision 0115): a rename or new choices between the two are what Done's message follows.
    const doThenDone = async (person: TestUser, between: () => Promise<void>) => {
      const placed = await placeOrder(s.t, person, cafeOrderBody(s.menu.latte, s.image));
      expect(placed.statusCode).toBe(201);
      const order = placed.json<Order>();
      expect((await baristaPatch(s.t, s.barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
      await between();
      expect((await baristaPatch(s.t, s.barista, order.id, { status: 'done' })).statusCode).toBe(200);
      return (await outboxRows(s)).filter((r) => r.order_id === order.id);
    };

    it('names the owner as they are called at Done, though who they are was read beside the Do', async () => {
      const person = await s.t.createUser({ name: 'Nok' });
      await choose(s, person, { webhook: true });
      const rows = await doThenDone(person, async () => {
        expect((await s.t.request('PATCH', '/api/user', person, { name: 'Nok Sirikul' })).statusCode).toBe(200);
      });
      expect(rows.map((r) => r.channel)).toEqual(['webhook']);
      expect(JSON.parse(rows[0]?.payload ?? '{}')).toMatchObject({ event: 'done', recipient: { name: 'Nok Sirikul' } });
    });

    it('follows the channels and language the owner chose between the Do and Done', async () => {
      const person = await s.t.createUser();
      const rows = await doThenDone(person, async () => {
        await choose(s, person, { webhook: true, language: 'th' });
      });
      expect(rows.map((r) => r.channel)).toEqual(['webhook']);
      expect(JSON.parse(rows[0]?.payload ?? '{}')).toMatchObject({ event: 'done', language: 'th' });
    });

    it('posts a signed message in the person’s language naming the drink, the site and the counter', async () => {
      const person = await s.t.createUser({ name: 'Somchai' });
      await choose(s, person, { webhook: true, language: 'th' });
      const order = await orderAndMove(s, person, 'done');
      // Written with the move, before anything was sent.
      const [row] = (await outboxRows(s)).filter((r) => r.order_id === order.id);
      expect(row).toMatchObject({ channel: 'webhook', status: 'pending', event: 'done' });

      await s.t.app.ctx.services.notifications.deliverDue();
      const ofOrder = () =>
        webhook.accepted.filter((r) => WebhookPayloadSchema.parse(JSON.parse(r.body)).order.id === order.id);
      const delivered = ofOrder();
      expect(delivered).toHaveLength(1);
      // The body is the documented payload, nothing more or less.
      const body = WebhookPayloadSchema.strict().parse(JSON.parse(delivered[0]?.body ?? '{}'));
      expect(body).toMatchObject({
        id: row?.delivery_id,
        type: 'order.done',
        language: 'th',
        recipient: { id: person.id, email: person.email, name: 'Somchai' },
        order: {
          id: order.id,
          drink: 'Latte',
          status: 'done',
          site: { id: 1, name: FIRST_SITE_NAME },
          counter: 'cafe',
        },
        message: {
          title: 'เครื่องดื่มของคุณพร้อมแล้ว',
          text: `Latte พร้อมแล้วที่เคาน์เตอร์คาเฟ่ ${FIRST_SITE_NAME} รับแก้วแล้วกด "Pick Up"`,
          url: 'https://cafe.example.com/statusOrder',
        },
      });
      // The row's random delivery id, not its number (which repeats after a restore or elsewhere).
      expect(row?.delivery_id).toMatch(UUID);
      expect(delivered[0]?.headers['x-cafe-delivery']).toBe(row?.delivery_id);
      expect((await outboxRows(s)).find((r) => r.id === row?.id)).toMatchObject({ status: 'sent', attempts: 1 });

      // Another pass sends nothing again.
      await s.t.app.ctx.services.notifications.deliverDue();
      expect(ofOrder()).toHaveLength(1);
    });

    it('tells a rejection with its reason, and a move taken back, in English', async () => {
      const person = await s.t.createUser();
      await choose(s, person, { webhook: true });
      const order = await orderAndMove(s, person, 'rejected', 'Out of milk');
      const undo = await s.t.request('POST', `/api/order/barista/${order.id}/undo`, s.barista);
      expect(undo.statusCode).toBe(200);
      await s.t.app.ctx.services.notifications.deliverDue();
      // The two go out side by side (each move's at once after its commit, then deliverDue's):
      // on a loaded machine either may arrive first, or after deliverDue has answered. Each is
      // waited for, and read in the order the moves wrote them.
      const written = (await outboxRows(s))
        .filter((r) => r.order_id === order.id && r.channel === 'webhook')
        .map((r) => r.delivery_id);
      const arrived = () => webhook.payloads().filter((p) => (p.order as { id: number }).id === order.id);
      await until(() => arrived().length >= written.length, 'both messages at the receiver');
      const mine = arrived().sort((a, b) => written.indexOf(String(a.id)) - written.indexOf(String(b.id)));
      expect(mine.map((p) => [p.type, (p.message as { text: string }).text])).toEqual([
        ['order.rejected', `Latte (cafe counter, ${FIRST_SITE_NAME}): Out of milk`],
        [
          'order.undone',
          `Latte was not canceled after all: it is back in the queue at the cafe counter, ${FIRST_SITE_NAME}.`,
        ],
      ]);
      expect(mine[0]).toMatchObject({ order: { rejectNote: 'Out of milk' } });
    });

    it('tells a Thai person in Thai why closing the shop cancelled their order for later; the note stays English', async () => {
      const person = await s.t.createUser({ name: 'Somchai' });
      await choose(s, person, { webhook: true, language: 'th' });
      const english = await s.t.createUser({ name: 'Emma' });
      await choose(s, english, { webhook: true });
      const pickupAt = '2026-11-18T03:30:00.000Z'; // the 10:30 slot
      const later = async (who: TestUser) => {
        const res = await placeOrder(s.t, who, cafeOrderBody(s.menu.latte, s.image, { pickupAt }));
        expect(res.statusCode, res.body).toBe(201);
        return res.json<Order>();
      };
      const [thai, other] = [await later(person), await later(english)];
      try {
        const closed = await s.t.request('PATCH', '/api/cafe-status/close-both', s.barista);
        expect(closed.statusCode, closed.body).toBe(200);
      } finally {
        expect((await s.t.request('PATCH', '/api/cafe-status/cafe-open', s.barista)).statusCode).toBe(200);
      }
      await s.t.app.ctx.services.notifications.deliverDue();
      const told = (id: number) =>
        webhook
          .payloads()
          .filter((p) => (p.order as { id: number }).id === id)
          .map((p) => [p.type, p.order, p.message]);
      expect(told(thai.id)).toEqual([
        [
          'order.rejected',
          expect.objectContaining({ rejectNote: 'The shop is closing' }),
          expect.objectContaining({
            title: 'บาริสต้ายกเลิกออร์เดอร์',
            text: `Latte (เคาน์เตอร์คาเฟ่ ${FIRST_SITE_NAME}): ร้านกำลังจะปิด`,
          }),
        ],
      ]);
      expect(told(other.id)).toEqual([
        [
          'order.rejected',
          expect.objectContaining({ rejectNote: 'The shop is closing' }),
          expect.objectContaining({ text: `Latte (cafe counter, ${FIRST_SITE_NAME}): The shop is closing` }),
        ],
      ]);
      const stored = await s.t.request('GET', `/api/order/${thai.id}`, person);
      expect(stored.json<Order>()).toMatchObject({ status: 'rejected', rejectNote: 'The shop is closing' });
    });

    it('writes nothing for a move that is refused, or one nobody is told of', async () => {
      const person = await s.t.createUser();
      await choose(s, person, { webhook: true });
      const placed = await placeOrder(s.t, person, cafeOrderBody(s.menu.latte, s.image));
      const order = placed.json<Order>();
      const before = (await outboxRows(s)).length;
      expect((await baristaPatch(s.t, s.barista, order.id, { status: 'in-progress' })).statusCode).toBe(200);
      // Done twice at once: one wins, the other is a 409 and writes no second notification.
      const [a, b] = await Promise.all([
        baristaPatch(s.t, s.barista, order.id, { status: 'done' }),
        baristaPatch(s.t, s.barista, order.id, { status: 'done' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const rows = (await outboxRows(s)).slice(before);
      expect(rows.map((r) => [r.order_id, r.event])).toEqual([[order.id, 'done']]);
    });

    it('does not write for a person who chose no channel', async () => {
      const person = await s.t.createUser();
      await choose(s, person, { push: false });
      const order = await orderAndMove(s, person, 'done');
      expect((await outboxRows(s)).filter((r) => r.order_id === order.id)).toHaveLength(0);
    });
  });
});

describe('a receiver that fails', () => {
  it('keeps a message while the receiver is down and delivers it once when it comes back', async () => {
    const port = await freePort();
    const s = await setUp({ WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, WEBHOOK_SECRET: SECRET });
    let webhook: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
    try {
      const person = await s.t.createUser();
      await choose(s, person, { webhook: true, push: false });
      const order = await orderAndMove(s, person, 'done');
      await s.t.app.ctx.services.notifications.deliverDue();
      const down = await health(s);
      expect(down).toMatchObject({ pending: 1, failed: 0 });
      expect(down.lastError).toMatchObject({ channel: 'webhook' });
      expect(down.lastError?.message).toMatch(/could not be reached/);
      expect(down.channels.find((c) => c.channel === 'webhook')).toMatchObject({
        configured: true,
        pending: 1,
        sent: 0,
      });

      webhook = await startWebhookReceiver(SECRET, { port });
      s.t.app.ctx.services.notifications.start();
      await vi.waitFor(async () => expect((await health(s)).pending).toBe(0), {
        timeout: EVENT_WAIT_MS,
        interval: 100,
      });
      expect(webhook.payloads().map((p) => (p.order as { id: number }).id)).toEqual([order.id]);
      const up = await health(s);
      expect(up.channels.find((c) => c.channel === 'webhook')).toMatchObject({ pending: 0, sent: 1, failed: 0 });
      const [row] = await outboxRows(s);
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await s.t.close();
      await webhook?.close();
    }
  });

  it('gives up on a refusal at once, and on a failing receiver after the most attempts', async () => {
    let refuse = 400;
    const webhook = await startWebhookReceiver(SECRET, { answer: () => ({ status: refuse }) });
    const s = await setUp({ WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET, OUTBOX_MAX_ATTEMPTS: '2' });
    try {
      const person = await s.t.createUser();
      await choose(s, person, { webhook: true, push: false });
      await orderAndMove(s, person, 'done');
      await s.t.app.ctx.services.notifications.deliverDue();
      expect(await health(s)).toMatchObject({ pending: 0, failed: 1, lastError: { channel: 'webhook' } });
      expect((await health(s)).lastError?.message).toMatch(/answered 400/);

      refuse = 503;
      await orderAndMove(
        s,
        await (async () => {
          const other = await s.t.createUser();
          await choose(s, other, { webhook: true, push: false });
          return other;
        })(),
        'done',
      );
      s.t.app.ctx.services.notifications.start();
      await vi.waitFor(async () => expect((await health(s)).failed).toBe(2), { timeout: EVENT_WAIT_MS, interval: 100 });
      const rows = await outboxRows(s);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['failed', 1],
        ['failed', 2],
      ]);
      expect(rows[1]?.last_error).toMatch(/answered 503.*gave up after 2 attempts/);
    } finally {
      await s.t.close();
      await webhook.close();
    }
  });

  it('counts deliveries and failures by channel in the metrics', async () => {
    const webhook = await startWebhookReceiver(SECRET, {
      answer: (r) => (r.body.includes('"order.rejected"') ? { status: 400 } : null),
    });
    const s = await setUp({ WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET });
    try {
      const person = await s.t.createUser();
      await choose(s, person, { webhook: true, push: false });
      await orderAndMove(s, person, 'done');
      await orderAndMove(s, person, 'rejected', 'No milk');
      await s.t.app.ctx.services.notifications.deliverDue();
      const text = (await s.t.request('GET', '/api/metrics')).body;
      expect(text).toContain('cafe_notification_deliveries_total{channel="webhook",outcome="sent"} 1');
      expect(text).toContain('cafe_notification_deliveries_total{channel="webhook",outcome="failed"} 1');
    } finally {
      await s.t.close();
      await webhook.close();
    }
  });
});

describe('Slack channel', () => {
  it('finds the person by e-mail and sends a direct message, waiting as long as a 429 says', async () => {
    const people: Record<string, string> = {};
    const slack = await startSlackReceiver({ token: SLACK_TOKEN, people, rateLimited: 1, retryAfterSeconds: 2 });
    const s = await setUp({ SLACK_BOT_TOKEN: SLACK_TOKEN, SLACK_API_URL: slack.apiUrl });
    try {
      const person = await s.t.createUser();
      const stranger = await s.t.createUser();
      people[person.email] = 'U012PERSON';
      await choose(s, person, { slack: true, push: false });
      await choose(s, stranger, { slack: true, push: false });
      await orderAndMove(s, person, 'done');

      await s.t.app.ctx.services.notifications.deliverDue();
      const [limited] = await outboxRows(s);
      expect(limited).toMatchObject({ status: 'pending', attempts: 1 });
      expect(limited?.last_error).toMatch(/429/);
      // Retry-After: 2 is honoured: the next attempt is not before two seconds after this one.
      const wait = Date.parse(limited?.next_attempt_at ?? '') - Date.parse(limited?.last_attempt_at ?? '');
      expect(wait).toBeGreaterThanOrEqual(2000);

      s.t.app.ctx.services.notifications.start();
      await vi.waitFor(() => expect(slack.posts).toHaveLength(1), { timeout: EVENT_WAIT_MS, interval: 100 });
      expect(slack.posts[0]).toMatchObject({ channel: 'U012PERSON' });
      expect(slack.posts[0]?.text).toBe(
        `*Your drink is ready*\nLatte is ready at the cafe counter, ${FIRST_SITE_NAME}. Click "Pick Up" after take your cup\n<https://cafe.example.com/statusOrder|Open the cafe>`,
      );

      // Someone Slack does not know: given up on, with a reason an admin understands.
      await orderAndMove(s, stranger, 'done');
      await vi.waitFor(async () => expect((await health(s)).failed).toBe(1), { timeout: EVENT_WAIT_MS, interval: 100 });
      expect((await health(s)).channels.find((c) => c.channel === 'slack')?.lastError?.message).toBe(
        `No Slack account has the e-mail ${stranger.email}`,
      );
      expect(slack.posts).toHaveLength(1);
    } finally {
      await s.t.close();
      await slack.close();
    }
  });

  it("sends a barista's reject note as text: no mention of everyone, no link under other words", async () => {
    const people: Record<string, string> = {};
    const slack = await startSlackReceiver({ token: SLACK_TOKEN, people });
    const s = await setUp({ SLACK_BOT_TOKEN: SLACK_TOKEN, SLACK_API_URL: slack.apiUrl });
    try {
      const person = await s.t.createUser();
      people[person.email] = 'U012NOTED';
      await choose(s, person, { slack: true, push: false });
      await orderAndMove(s, person, 'rejected', '<!channel> <https://evil.example|click>');
      await s.t.app.ctx.services.notifications.deliverDue();
      expect(slack.posts).toHaveLength(1);
      const [title, said, link] = slack.posts[0]?.text.split('\n') ?? [];
      expect(title).toBe('*Order canceled by barista*');
      expect(said).toBe(
        `Latte (cafe counter, ${FIRST_SITE_NAME}): &lt;!channel&gt; &lt;https://evil.example|click&gt;`,
      );
      // The message's own link is still one.
      expect(link).toMatch(/^<https:\/\/cafe\.example\.com\/[^|>]*\|Open the cafe>$/);
    } finally {
      await s.t.close();
      await slack.close();
    }
  });
});

describe('e-mail channel', () => {
  it('sends the message over SMTP to the person, in their language, with a link', async () => {
    const smtp = await startSmtpReceiver();
    const s = await setUp({ SMTP_URL: smtp.url, MAIL_FROM: 'Office Cafe <cafe@example.com>' });
    try {
      const person = await s.t.createUser();
      await choose(s, person, { email: true, language: 'th', push: false });
      const order = await orderAndMove(s, person, 'rejected', 'นมหมด');
      await s.t.app.ctx.services.notifications.deliverDue();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]?.to).toEqual([person.email]);
      const mail = await simpleParser(smtp.mails[0]?.raw ?? '');
      expect(mail.subject).toBe('บาริสต้ายกเลิกออร์เดอร์');
      expect(mail.from?.value).toEqual([{ name: 'Office Cafe', address: 'cafe@example.com' }]);
      expect(mail.text).toBe(
        `Latte (เคาน์เตอร์คาเฟ่ ${FIRST_SITE_NAME}): นมหมด\n\nhttps://cafe.example.com/statusOrder\n`,
      );
      const [row] = await outboxRows(s);
      expect(row?.delivery_id).toMatch(UUID);
      expect(mail.messageId).toBe(`<notification-${row?.delivery_id}@example.com>`);
      expect(row).toMatchObject({ status: 'sent', order_id: order.id });
    } finally {
      await s.t.close();
      await smtp.close();
    }
  });

  it('retries while the mail server is away and gives up on a permanent refusal', async () => {
    const port = await freePort();
    const s = await setUp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    try {
      const person = await s.t.createUser();
      await choose(s, person, { email: true, push: false });
      await orderAndMove(s, person, 'done');
      await s.t.app.ctx.services.notifications.deliverDue();
      expect(await health(s)).toMatchObject({ pending: 1, lastError: { channel: 'email' } });

      smtp = await startSmtpReceiver({ port, refuseWith: 550 });
      s.t.app.ctx.services.notifications.start();
      await vi.waitFor(async () => expect((await health(s)).failed).toBe(1), { timeout: EVENT_WAIT_MS, interval: 100 });
      expect((await health(s)).lastError?.message).toMatch(/550/);
    } finally {
      await s.t.close();
      await smtp?.close();
    }
  });
});

describe('an order for later', () => {
  it('tells its owner when it joins the queue, with the pickup time on the site’s clock', async () => {
    const webhook = await startWebhookReceiver(SECRET);
    // Tuesday 3 March 2026, 09:40 in Bangkok; the order is for 10:30.
    const { t, menu, image } = await createOrderingApp({
      clockNow: '2026-03-03T02:40:00.000Z',
      env: { PUBLIC_URL: 'https://cafe.example.com', WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET },
    });
    try {
      const barista = await t.createUser({ role: 'barista' });
      const pickup = await t.request('PUT', '/api/sites/1/pickup', barista, {
        slotMinutes: 15,
        leadMinutes: 0,
        daysAhead: 0,
        slotCapacity: 10,
      });
      expect(pickup.statusCode).toBe(200);
      const person = await t.createUser();
      expect(
        (await t.request('PUT', '/api/user/notifications', person, { webhook: true, push: false })).statusCode,
      ).toBe(200);
      const placed = await placeOrder(
        t,
        person,
        cafeOrderBody(menu.latte, image, { pickupAt: '2026-03-03T03:30:00.000Z' }),
      );
      expect(placed.json<Order>().status).toBe('scheduled');

      const outcome = await t.app.ctx.services.orders.releaseDue(new Date('2026-03-03T03:28:00.000Z'));
      expect(outcome.released).toBe(1);
      await t.app.ctx.services.notifications.deliverDue();
      expect(webhook.payloads()).toMatchObject([
        {
          type: 'order.released',
          order: { id: placed.json<Order>().id, status: 'ordered', pickupAt: '2026-03-03T03:30:00.000Z' },
          message: {
            title: 'Your order for later is being made',
            text: `Latte for 10:30 is now in the queue at the cafe counter, ${FIRST_SITE_NAME}.`,
          },
        },
      ]);
    } finally {
      await t.close();
      await webhook.close();
    }
  });
});

describe('a standing order not placed', () => {
  // Wednesday 4 March 2026, 15:00 in Bangkok; the standing order is for Thursday 10:00.
  const WED_3PM = '2026-03-04T08:00:00.000Z';
  const THU_0001 = '2026-03-04T17:01:00.000Z';

  it('tells a Thai person why in Thai; one from before the reason had its words is told in English', async () => {
    const webhook = await startWebhookReceiver(SECRET);
    const { t, menu, image } = await createOrderingApp({
      clockNow: WED_3PM,
      env: { PUBLIC_URL: 'https://cafe.example.com', WEBHOOK_URL: `${webhook.url}/hook`, WEBHOOK_SECRET: SECRET },
    });
    try {
      const barista = await t.createUser({ role: 'barista' });
      const person = await t.createUser();
      expect(
        (await t.request('PUT', '/api/user/notifications', person, { webhook: true, push: false, language: 'th' }))
          .statusCode,
      ).toBe(200);
      // Their tumbler photo: one order, cancelled at once.
      const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
      expect(placed.statusCode, placed.body).toBe(201);
      expect((await ownerPatch(t, person, placed.json<Order>().id, 'cancel')).statusCode).toBe(200);
      const set = await t.request('POST', '/api/standing-orders', person, {
        siteId: 1,
        weekdays: [4],
        time: '10:00',
        drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 75 },
      });
      expect(set.statusCode, set.body).toBe(201);
      const soldOut = await t.request('PATCH', `/api/sites/1/menu-items/${menu.thaiTea}`, barista, { soldOut: true });
      expect(soldOut.statusCode, soldOut.body).toBe(200);

      t.clock.set(THU_0001);
      expect(await t.app.ctx.services.standing.runDue(t.clock.now())).toMatchObject({ failed: 1 });
      const told = async () =>
        (
          await t.app.ctx.db
            .selectFrom('notification_outbox')
            .select('payload')
            .where('user_id', '=', person.id)
            .where('event', '=', 'standing-failed')
            .orderBy('id')
            .execute()
        ).map((row) => JSON.parse(row.payload) as OutboxPayload);
      const [payload] = await told();
      expect(payload).toMatchObject({
        language: 'th',
        standing: { reason: `Thai Tea is sold out at ${FIRST_SITE_NAME}. Please choose another drink.` },
        message: {
          title: 'สั่งเครื่องดื่มประจำวันนี้ไม่สำเร็จ',
          text: `Thai Tea เวลา 10:00 ที่ ${FIRST_SITE_NAME} (2026-03-05) สั่งไม่ได้: Thai Tea ที่ ${FIRST_SITE_NAME} หมดแล้ว กรุณาเลือกเครื่องดื่มอื่น แตะเพื่อเลือกเครื่องดื่มอื่น`,
          path: '/menuCafe',
        },
      });

      // A failure from before the event carried the reason's words: its English reason, as it was.
      const { reasonText: _, ...before } = payload!.standing!;
      const friday = {
        ...before,
        day: '2026-03-06',
        code: 'CAFE_MENU_CLOSED_FRIDAY',
        reason: 'The cafe menu closes at 12:00 on Fridays.',
      };
      await t.app.ctx.db
        .transaction()
        .execute((trx) => t.app.ctx.services.notifications.enqueueStandingFailure(trx, friday));
      // And with them, in Thai.
      const reasonText = peopleText('people.refusal.cafeMenuClosedFriday');
      await t.app.ctx.db
        .transaction()
        .execute((trx) => t.app.ctx.services.notifications.enqueueStandingFailure(trx, { ...friday, reasonText }));
      expect((await told()).slice(1).map((p) => p.message.text)).toEqual([
        `Thai Tea เวลา 10:00 ที่ ${FIRST_SITE_NAME} (2026-03-06) สั่งไม่ได้: The cafe menu closes at 12:00 on Fridays. แตะเพื่อเลือกเครื่องดื่มอื่น`,
        `Thai Tea เวลา 10:00 ที่ ${FIRST_SITE_NAME} (2026-03-06) สั่งไม่ได้: เมนูคาเฟ่ปิดเวลา 12:00 น. ทุกวันศุกร์ แตะเพื่อเลือกเครื่องดื่มอื่น`,
      ]);
    } finally {
      await t.close();
      await webhook.close();
    }
  });
});
