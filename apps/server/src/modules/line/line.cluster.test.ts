import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_SECRET, LINE_TOKEN, lineSignature, lineUserId, webhookBody } from '../../test-support/line-fixtures';
import { startLineFake } from '../../test-support/line-fake';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { ORDERING_MORNING } from '../../test-support/order-fixtures';
import { TestClock } from '../../test-support/test-app';
import { until } from '../../test-support/waits';

/**
 * The LINE channel with two server processes on one PostgreSQL database, as behind a load
 * balancer: an Order tap LINE redelivers to the other process places one order, a body seen by
 * one is a replay on the other, and a move two processes follow at once is told once.
 * PostgreSQL only (vitest.config.ts).
 */
describe('the LINE channel with several server processes', () => {
  let apps: FastifyInstance[] = [];
  let pools: pg.Pool[] = [];
  let stop: (() => Promise<void>) | undefined;
  const clock = new TestClock(ORDERING_MORNING);
  let line: Awaited<ReturnType<typeof startLineFake>>;

  beforeAll(async () => {
    line = await startLineFake({ token: LINE_TOKEN, now: () => clock.now().getTime() });
    ({ apps, pools, stop } = await startProcesses(2, 'cafe_line', {
      clock,
      env: {
        LOCATION_CHECK: 'off',
        PUBLIC_URL: 'https://cafe.example.com',
        LINE_CHANNEL_SECRET: LINE_SECRET,
        LINE_CHANNEL_ACCESS_TOKEN: LINE_TOKEN,
        LINE_API_URL: line.apiUrl,
      },
    }));
  });
  afterAll(async () => {
    await stop?.();
    await line.close();
  });

  it('places one order for an Order tap delivered to one process and redelivered to the other', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const db = first.ctx.db;
    const at = clock.now().toISOString();
    const latte = await openCafeWithLatte(apps, at);
    const person = await insertPerson(apps, { name: 'Nok Line', role: 'user', at });
    const photo = await insertTumblerPhoto(apps, person.id, at);
    for (const app of apps) app.ctx.bus.resync();
    const as = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      first.inject({ method, url, headers: person.auth, payload });
    // A tumbler photo on a web order (cancelled), a usual, and LINE linked by a one-time link.
    const web = await as('POST', '/api/order', {
      menu_id: latte,
      type: 'hot',
      sweetness: 50,
      tumblerImage: photo,
    });
    expect(web.statusCode, web.body).toBe(201);
    await as('PATCH', `/api/order/${web.json<{ id: number }>().id}`, { status: 'cancel' });
    expect((await as('PUT', '/api/me/usual', { menu_id: latte, type: 'hot', sweetness: 50 })).statusCode).toBe(200);
    const id = lineUserId();
    line.profiles[id] = { displayName: 'Nok', language: 'en' };
    const refused = await first.ctx.services.chat.actor('line', { externalId: id, name: 'Nok' });
    const token =
      'refused' in refused
        ? String(refused.refused.values?.url ?? '')
            .split('/')
            .at(-1)
        : '';
    expect((await as('POST', `/api/chat/line/link-tokens/${token}`, {})).statusCode).toBe(200);

    const event = {
      type: 'postback',
      mode: 'active',
      timestamp: clock.now().getTime(),
      source: { type: 'user', userId: id },
      webhookEventId: '01CLUSTEREVENT',
      replyToken: line.replyToken(id),
      deliveryContext: { isRedelivery: false },
      postback: { data: 'action=order&n=cluster-nonce&avoid=' },
    };
    const send = async (app: FastifyInstance, body: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/line/webhook',
        headers: { 'content-type': 'application/json', 'x-line-signature': lineSignature(body) },
        payload: body,
      });
      await app.ctx.services.line.settled();
      return res;
    };
    const original = webhookBody([event]);
    const redelivered = webhookBody([event], { redelivery: true });
    const [taken, again] = await Promise.all([send(first, original), send(second, redelivered)]);
    expect([taken.statusCode, again.statusCode]).toEqual([200, 200]);
    // The same body again, to the other process: a replay.
    expect((await send(second, original)).statusCode).toBe(401);
    const orders = await db
      .selectFrom('orders')
      .where('user_id', '=', person.id)
      .where('status', '=', 'ordered')
      .selectAll()
      .execute();
    expect(orders).toHaveLength(1);
    expect(line.deliveredTo(id)).toHaveLength(1);
    expect(JSON.stringify(line.deliveredTo(id)[0]?.messages)).toContain('Place in the queue when placed: 1');
  });

  it('tells each move once when two processes follow two events of one order at once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const at = clock.now().toISOString();
    const latte = await openCafeWithLatte(apps, at);
    const barista = await insertPerson(apps, { name: 'Bo Barista', role: 'barista', at });
    // Signed again as the clock moves on (an access token lasts less than the rounds).
    const staff = async () => ({ authorization: `Bearer ${await first.ctx.tokens.sign(barista.id, 'barista')}` });
    const call = (app: FastifyInstance, who: { authorization: string }, method: string, url: string, payload = {}) =>
      app.inject({ method: method as 'POST', url, headers: who, payload });
    const settled = () => Promise.all(apps.map((app) => app.ctx.services.line.settled()));
    const webhook = async (event: Record<string, unknown>) => {
      const body = webhookBody([event]);
      const headers = { 'content-type': 'application/json', 'x-line-signature': lineSignature(body) };
      const res = await first.inject({ method: 'POST', url: '/api/line/webhook', headers, payload: body });
      expect(res.statusCode).toBe(200);
      await settled();
    };

    /** A person LINE serves (a usual, a tumbler photo, linked) whose Order tap placed an order: their LINE id and the order. */
    const customer = async (name: string) => {
      const now = clock.now().toISOString();
      const person = await insertPerson(apps, { name, role: 'user', at: now });
      const photo = await insertTumblerPhoto(apps, person.id, now);
      const drink = { menu_id: latte, type: 'hot', sweetness: 50 };
      const web = await call(first, person.auth, 'POST', '/api/order', { ...drink, tumblerImage: photo });
      expect(web.statusCode, web.body).toBe(201);
      await call(first, person.auth, 'PATCH', `/api/order/${web.json<{ id: number }>().id}`, { status: 'cancel' });
      await call(first, person.auth, 'PUT', '/api/me/usual', drink);
      const id = lineUserId();
      line.profiles[id] = { displayName: name, language: 'en' };
      const refused = await first.ctx.services.chat.actor('line', { externalId: id, name });
      const token =
        'refused' in refused
          ? String(refused.refused.values?.url ?? '')
              .split('/')
              .at(-1)
          : '';
      expect((await call(first, person.auth, 'POST', `/api/chat/line/link-tokens/${token}`)).statusCode).toBe(200);
      await webhook({
        type: 'postback',
        mode: 'active',
        timestamp: clock.now().getTime(),
        source: { type: 'user', userId: id },
        webhookEventId: `01${id.slice(1, 25).toUpperCase()}`,
        replyToken: line.replyToken(id),
        deliveryContext: { isRedelivery: false },
        postback: { data: `action=order&n=${id}&avoid=` },
      });
      const order = await first.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', person.id)
        .where('status', '=', 'ordered')
        .executeTakeFirstOrThrow();
      return { id, orderId: order.id };
    };
    /** What was pushed to a LINE user, as a notification shows it (the Order tap's answer was the reply). */
    const pushed = (id: string) =>
      line.deliveredTo(id).flatMap((d) => (d.via === 'push' ? d.messages.map((m) => String(m.altText)) : []));

    /**
     * `events` made with the order messages' table locked from outside: each process's follow of
     * each event waits to read it, until `follows` wait; then they all go on at once, as when two
     * processes follow two events of one order in the same moment.
     */
    const followedAtOnce = async (follows: number, events: () => Promise<void>) => {
      const pool = pools[0] as pg.Pool;
      const lock = new pg.Client({ connectionString: (pool.options as { connectionString: string }).connectionString });
      await lock.connect();
      try {
        await lock.query('begin');
        await lock.query('lock table chat_order_messages in access exclusive mode');
        await events();
        const waiting = async () =>
          Number(
            // Not on `lock`: inside its transaction pg_stat_activity would answer the same snapshot.
            (
              await pool.query<{ n: string }>(
                "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%chat_order_messages%'",
              )
            ).rows[0]?.n,
          );
        await until(async () => (await waiting()) === follows, `${follows} follows waiting to read the message`);
        await lock.query('commit');
      } finally {
        await lock.end();
      }
      await settled();
    };

    for (let round = 1; round <= 4; round += 1) {
      const people: { id: string; orderId: number }[] = [];
      for (let i = 1; i <= 4; i += 1) people.push(await customer(`Round ${round} Person ${i}`));
      const auth = await staff();
      for (const { orderId } of people) {
        const started = await call(first, auth, 'PATCH', `/api/order/barista/${orderId}`, { status: 'in-progress' });
        expect(started.statusCode, started.body).toBe(200);
      }
      // Each order's tumbler marked not here on one process, then Done on the other: both followed at once.
      await followedAtOnce(2 * people.length, async () => {
        const marked = await Promise.all(
          people.map(({ orderId }) =>
            call(first, auth, 'POST', `/api/order/barista/${orderId}/tumbler`, { missing: true }),
          ),
        );
        expect(marked.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
        const done = await Promise.all(
          people.map(({ orderId }) => call(second, auth, 'PATCH', `/api/order/barista/${orderId}`, { status: 'done' })),
        );
        expect(done.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      });
      for (const { id } of people) {
        expect(pushed(id), `round ${round}: Ready`).toEqual([expect.stringMatching(/^Ready to pick up: /)]);
      }

      // Past the reminder and the time a drink is not collected: the reminder's timer on one
      // process, then Not collected on the other, both followed at once.
      clock.advance(31 * 60_000);
      const later = await staff();
      await followedAtOnce(2 * people.length, async () => {
        expect((await first.ctx.services.orders.counterDue(clock.now())).reminded).toBe(people.length);
        const uncollected = await Promise.all(
          people.map(({ orderId }) =>
            call(second, later, 'PATCH', `/api/order/barista/${orderId}`, { status: 'uncollected' }),
          ),
        );
        expect(uncollected.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      });
      for (const { id } of people) {
        expect(pushed(id), `round ${round}: Not collected`).toEqual([
          expect.stringMatching(/^Ready to pick up: /),
          expect.stringMatching(/^Not collected: /),
        ]);
      }
    }
    // Each push counted once for the admins' page.
    const pushes = line.delivered.filter((d) => d.via === 'push').length;
    const channels = await first.ctx.services.chat.channels();
    expect(channels.find((c) => c.channel === 'line')?.pushesThisMonth).toBe(pushes);
  });
});
