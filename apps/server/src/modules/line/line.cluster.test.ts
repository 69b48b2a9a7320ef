import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_SECRET, LINE_TOKEN, lineSignature, lineUserId, webhookBody } from '../../test-support/line-fixtures';
import { startLineFake } from '../../test-support/line-fake';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { ORDERING_MORNING } from '../../test-support/order-fixtures';
import { TestClock } from '../../test-support/test-app';

/**
 * The LINE channel with two server processes on one PostgreSQL database, as behind a load
 * balancer: an Order tap LINE redelivers to the other process places one order, and a body seen by
 * one is a replay on the other. PostgreSQL only (vitest.config.ts).
 */
describe('the LINE channel with several server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  const clock = new TestClock(ORDERING_MORNING);
  let line: Awaited<ReturnType<typeof startLineFake>>;

  beforeAll(async () => {
    line = await startLineFake({ token: LINE_TOKEN, now: () => clock.now().getTime() });
    ({ apps, stop } = await startProcesses(2, 'cafe_line', {
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
});
