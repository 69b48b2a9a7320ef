import type { Order } from '@cafe/shared';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, ORDERING_MORNING } from '../../test-support/order-fixtures';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { connectClient, TestClock } from '../../test-support/test-app';
import { until } from '../../test-support/waits';

type Person = Awaited<ReturnType<typeof insertPerson>>;

/**
 * Who makes what with two server processes on one PostgreSQL database (decision 0074): two
 * baristas, each on a board served by another process, tap Do or take one order at once; exactly
 * one gets it, the other is told who, and the other process's boards hear who makes it.
 * PostgreSQL only (the vitest config includes this file when TEST_DATABASE_URL is set).
 */
describe('claiming orders on two server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  const clock = new TestClock(ORDERING_MORNING);
  let latte = 0;
  let tumbler = '';
  let bea: Person;
  let cleo: Person;

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_claims', {
      clock,
      env: { LOCATION_CHECK: 'off', RATE_LIMIT: 'off' },
    }));
    const at = clock.now().toISOString();
    latte = await openCafeWithLatte(apps, at);
    bea = await insertPerson(apps, { name: 'Bea', role: 'barista', at });
    cleo = await insertPerson(apps, { name: 'Cleo', role: 'barista', at });
    tumbler = await insertTumblerPhoto(apps, bea.id, at);
    for (const app of apps) app.ctx.bus.resync();
  });
  afterAll(() => stop?.());

  const place = async () => {
    const person = await insertPerson(apps, {
      name: `Ann ${randomBytes(3).toString('hex')}`,
      role: 'user',
      at: clock.now().toISOString(),
    });
    const answer = await (apps[0] as FastifyInstance).inject({
      method: 'POST',
      url: '/api/order',
      headers: person.auth,
      payload: { menu_id: latte, type: 'hot', sweetness: 50, tumblerImage: tumbler },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Order>().id;
  };
  const send = (app: FastifyInstance, who: Person, url: string, payload: object, method: 'POST' | 'PATCH') =>
    app.inject({ method, url, headers: who.auth, payload });

  it('gives one order to one of two baristas tapping at once on two processes; the other hears who makes it', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const port = (second.server.address() as AddressInfo).port;
    const board = await connectClient(`http://127.0.0.1:${port}`, cleo.token);
    try {
      const heard = collect(board, 'orders');
      for (const tap of ['do', 'claim', 'do', 'claim'] as const) {
        const id = await place();
        const [url, payload, method] =
          tap === 'do'
            ? ([`/api/order/barista/${id}`, { status: 'in-progress' }, 'PATCH'] as const)
            : ([`/api/order/barista/${id}/claim`, { claim: true }, 'POST'] as const);
        const answers = await Promise.all([
          send(first, bea, url, payload, method),
          send(second, cleo, url, payload, method),
        ]);
        expect(answers.map((a) => a.statusCode).sort(), `${tap}: ${answers.map((a) => a.body).join('\n')}`).toEqual([
          200, 409,
        ]);
        const winner = answers.find((a) => a.statusCode === 200)?.json<Order>().claimedBy?.name;
        expect(['Bea', 'Cleo']).toContain(winner);
        expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({
          code: 'ORDER_CLAIMED',
          message: `${winner} is making this order. Ask them, or take it over.`,
        });
        // The board on the second process hears who makes it, whichever process wrote it.
        await until(
          () => heard.some((e) => e.id === id && e.order.claimedBy?.name === winner),
          `the claim of order ${id} on the second process's board`,
        );
        const read = await first.inject({ url: `/api/order/${id}`, headers: bea.auth });
        expect(read.json<Order>()).toMatchObject({
          status: tap === 'do' ? 'in-progress' : 'ordered',
          claimedBy: { name: winner },
        });
      }
    } finally {
      board.disconnect();
    }
  });

  it("answers the loser of a claim racing another barista's Do on the other process with 409 ORDER_CLAIMED naming the winner", async () => {
    for (let round = 0; round < 32; round += 1) {
      const id = await place();
      // Each barista in turn claims (each on their own process) while the other taps Do, sent at
      // once, and each request in turn sent first.
      const [claimer, doer] = round % 2 === 0 ? [bea, cleo] : [cleo, bea];
      const nameOf = (who: Person) => (who === bea ? 'Bea' : 'Cleo');
      const [claimApp, doApp] = (round % 2 === 0 ? apps : [...apps].reverse()) as [FastifyInstance, FastifyInstance];
      const sendClaim = () => send(claimApp, claimer, `/api/order/barista/${id}/claim`, { claim: true }, 'POST');
      const sendDo = () => send(doApp, doer, `/api/order/barista/${id}`, { status: 'in-progress' }, 'PATCH');
      const [claimed, started] =
        round % 4 < 2
          ? await Promise.all([sendClaim(), sendDo()])
          : await Promise.all([sendDo(), sendClaim()]).then(([d, c]) => [c, d] as const);
      const bodies = `round ${round}:\n${claimed.body}\n${started.body}`;
      expect([claimed.statusCode, started.statusCode].sort(), bodies).toEqual([200, 409]);
      const [won, lost, winner, status] =
        claimed.statusCode === 200 ? [claimed, started, claimer, 'ordered'] : [started, claimed, doer, 'in-progress'];
      const maker = { id: winner.id, name: nameOf(winner) };
      expect(won.json<Order>(), bodies).toMatchObject({ status, claimedBy: maker });
      expect(lost.json(), bodies).toMatchObject({
        code: 'ORDER_CLAIMED',
        message: `${maker.name} is making this order. Ask them, or take it over.`,
        messageId: 'people.refusal.orderClaimed',
        params: { name: maker.name },
      });
      // Either process reads the one winner.
      for (const app of apps) {
        const read = await app.inject({ url: `/api/order/${id}`, headers: bea.auth });
        expect(read.json<Order>(), bodies).toMatchObject({ status, claimedBy: maker });
      }
    }
  });
});
