import type { Order } from '@cafe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectClient, type TestApp, type TestUser } from '../../test-support/test-app';
import {
  cafeOrderBody,
  collect,
  createOrderingApp,
  placeOrderWithKey,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { EVENT_WAIT_MS } from '../../test-support/waits';

/** A Wednesday morning in Bangkok. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/** Placement transactions and the placements they committed, from /api/metrics. */
async function placementCommits(t: TestApp): Promise<{ transactions: number; placements: number }> {
  const text = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    transactions: value('cafe_order_placement_batch_size_count'),
    placements: value('cafe_order_placement_batch_size_sum'),
  };
}

describe('placements at the same moment (group commit)', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
  });
  afterAll(() => t.close());

  const place = (user: TestUser, key?: string, extra: Record<string, unknown> = {}) =>
    placeOrderWithKey(t, user, key, cafeOrderBody(menu.latte, image, extra));

  it('answers a burst of 40 people each with their own order and event, in fewer transactions than orders', async () => {
    const people = await Promise.all(Array.from({ length: 40 }, () => t.createUser()));
    const barista = await t.createUser({ role: 'barista' });
    const socket = await connectClient(await t.listen(), barista.token);
    const events = collect(socket, 'orders');
    const before = await placementCommits(t);
    try {
      const answers = await Promise.all(people.map((person, i) => place(person, `burst-${i}`, { remark: `for ${i}` })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
      const orders = answers.map((a) => a.json<Order>());
      expect(new Set(orders.map((o) => o.id)).size).toBe(40);
      orders.forEach((order, i) => {
        expect(order.user.id).toBe(people[i]?.id);
        expect(order.remark).toBe(`for ${i}`);
      });
      const saved = await t.app.ctx.db
        .selectFrom('orders')
        .select(['id', 'user_id', 'remark'])
        .where(
          'id',
          'in',
          orders.map((o) => o.id),
        )
        .execute();
      expect(
        saved
          .map((row) => [Number(row.id), Number(row.user_id), row.remark])
          .sort((a, b) => Number(a[0]) - Number(b[0])),
      ).toEqual(orders.map((o) => [o.id, o.user.id, o.remark]).sort((a, b) => Number(a[0]) - Number(b[0])));
      // Each order has its first history entry.
      const history = await t.app.ctx.db
        .selectFrom('order_status_history')
        .select('order_id')
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .where('to_status', '=', 'ordered')
        .execute();
      expect(history).toHaveLength(40);
      // Every order announced once at the board.
      await vi.waitFor(() => expect(events).toHaveLength(40), { timeout: EVENT_WAIT_MS });
      expect(events.map((e) => e.id).sort((a, b) => a - b)).toEqual(orders.map((o) => o.id).sort((a, b) => a - b));

      const after = await placementCommits(t);
      expect(after.placements - before.placements).toBe(40);
      expect(after.transactions - before.transactions).toBeLessThan(40);
    } finally {
      socket.disconnect();
    }
  });

  it("keeps each refusal to its own placement: a third order, a reused key, and everyone else's placed", async () => {
    const busy = await t.createUser();
    const careful = await t.createUser();
    const others = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    const sweetness = [50, 100, 50];
    const [busyAnswers, carefulAnswers, otherAnswers] = await Promise.all([
      Promise.all(['b-1', 'b-2', 'b-3'].map((key) => place(busy, key))),
      Promise.all(sweetness.map((s) => place(careful, 'c-1', { sweetness: s }))),
      Promise.all(others.map((person, i) => place(person, `o-${i}`))),
    ]);
    expect(otherAnswers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    // Two of the person's three orders; the one that came last is refused.
    expect(busyAnswers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409]);
    expect(busyAnswers.find((a) => a.statusCode === 409)?.json()).toMatchObject({ code: 'ORDER_LIMIT_REACHED' });
    // One key, one order: the same drink again is answered with it, another drink is refused.
    const saved = await t.app.ctx.db
      .selectFrom('orders')
      .select(['id', 'sweetness'])
      .where('user_id', '=', careful.id)
      .execute();
    expect(saved).toHaveLength(1);
    carefulAnswers.forEach((answer, i) => {
      if (sweetness[i] === saved[0]?.sweetness) {
        expect(answer.statusCode).toBe(201);
        expect(answer.json<Order>().id).toBe(Number(saved[0]?.id));
      } else {
        expect(answer.statusCode).toBe(422);
        expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      }
    });
    expect(carefulAnswers.filter((a) => a.headers['idempotent-replayed'] === 'true').length).toBe(
      carefulAnswers.filter((a) => a.statusCode === 201).length - 1,
    );
    const count = async (user: TestUser) =>
      (await t.app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).length;
    expect(await count(busy)).toBe(2);
  });

  it('commits a batch the database refuses again one placement at a time: only the one it refuses fails', async () => {
    // A fault in the database for one placement only: a trigger that refuses one remark.
    if (t.app.ctx.dialect === 'postgres') {
      await sql`create function refuse_remark() returns trigger language plpgsql as $$ begin if new.remark = 'refuse me' then raise exception 'refused by the test'; end if; return new; end $$`.execute(
        t.app.ctx.db,
      );
      await sql`create trigger refuse_remark before insert on orders for each row execute function refuse_remark()`.execute(
        t.app.ctx.db,
      );
    } else {
      await sql`create trigger refuse_remark before insert on orders when new.remark = 'refuse me' begin select raise(abort, 'refused by the test'); end`.execute(
        t.app.ctx.db,
      );
    }
    try {
      const people = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
      const answers = await Promise.all(
        people.map((person, i) => place(person, `fault-${i}`, { remark: i === 5 ? 'refuse me' : `fine ${i}` })),
      );
      expect(answers.map((a, i) => (i === 5 ? a.statusCode >= 500 : a.statusCode === 201))).toEqual(
        Array(10).fill(true),
      );
      const saved = await t.app.ctx.db
        .selectFrom('orders')
        .select('remark')
        .where(
          'user_id',
          'in',
          people.map((p) => p.id),
        )
        .execute();
      expect(saved.map((row) => row.remark).sort()).toEqual(
        people.flatMap((_, i) => (i === 5 ? [] : [`fine ${i}`])).sort(),
      );
    } finally {
      await sql`drop trigger refuse_remark${sql.raw(t.app.ctx.dialect === 'postgres' ? ' on orders' : '')}`.execute(
        t.app.ctx.db,
      );
    }
  });
});
