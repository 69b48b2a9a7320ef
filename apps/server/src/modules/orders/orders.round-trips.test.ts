import { addDays } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';
import { statementsOf } from '../../test-support/statements';
import type { TestApp, TestUser } from '../../test-support/test-app';

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The database statements of one drink's life, counted (docs/performance.md, "The cost of one
 * order"): on PostgreSQL each is a round trip, and the targets are 1 for a placement (its one
 * statement, with no BEGIN and COMMIT: migration 035), 1 more for a day's first (its line's wait inputs,
 * queue-inputs.repository.ts) and 1 for a move made from the order as this process's last write of
 * it left it (decision 0113; the owner's recipient, whom Done tells, read beside the Do: decision 0115), each with 1
 * more for its live events, and 1 for the board and My orders (orders.round-trips.cluster.test.ts adds the second process). On SQLite a
 * statement is a call inside the process, not a round trip, and the same work takes more of them
 * (no data-modifying CTEs: a history entry is a statement apart; a site's events are numbered in
 * two, a line's after its order's): it is held to ceilings of its own. A count is deterministic:
 * it holds on a loaded machine.
 */
const MOST = POSTGRES
  ? { placement: 1 + 1, do: 1 + 1, done: 1 + 1, picked: 1 + 1, read: 1 }
  : { placement: 5 + 2, do: 5 + 2, done: 6 + 2, picked: 4 + 2, read: 1 };

describe('round trips of one drink', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  const count = (work: () => Promise<unknown>) => statementsOf({ app: t.app, database: t.database }, work);
  const place = async (who: TestUser) => {
    const answer = await placeOrder(t, who, cafeOrderBody(menu.latte, image));
    expect(answer.statusCode).toBe(201);
    return answer.json<{ id: number; queue_at: number | null }>();
  };

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    barista = await t.createUser({ role: 'barista' });
    [ann, ben] = await Promise.all([t.createUser(), t.createUser()]);
    // A morning under way: the server has served these people and the board before.
    await place(ben);
    await place(ann);
    await t.request('GET', '/api/order?status=ordered', barista);
  });
  afterAll(() => t.close());

  it('places a warm second order in one statement on PostgreSQL, and 1 more for its live events', async () => {
    let placed: { id: number; queue_at: number | null } | undefined;
    const sent = await count(async () => (placed = await place(ann)));
    expect(placed?.queue_at).toBe(3);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MOST.placement);
  });

  it("moves an order on (a barista's Do and Done, the owner's pick-up) in 1 statement each and 1 for its events", async () => {
    const { id } = await place(ben);
    for (const [who, url, status, most] of [
      [barista, `/api/order/barista/${id}`, 'in-progress', MOST.do],
      // Done tells the owner: who they are (their language, channels, browsers) was read beside the Do.
      [barista, `/api/order/barista/${id}`, 'done', MOST.done],
      [ben, `/api/order/${id}`, 'picked', MOST.picked],
    ] as const) {
      let answered = 0;
      const sent = await count(async () => {
        const answer = await t.request('PATCH', url, who, { status });
        answered = answer.statusCode;
      });
      expect(answered).toBe(200);
      expect(sent.length, `${status}:\n${sent.join('\n')}`).toBeLessThanOrEqual(most);
    }
  });

  it("places the first order of a day with the day's pace read once, then reads the board and My orders in 1 statement each", async () => {
    // The next morning: nothing of that day is in memory yet.
    t.clock.set(`${addDays('2026-11-18', 1)}T10:00:00+07:00`);
    // Signed in again that morning.
    for (const person of [ann, barista]) {
      person.auth = { authorization: `Bearer ${await t.app.ctx.tokens.sign(person.id, person.role)}` };
    }
    // The first order of the day reads that day's pace of its line once, in one statement (its
    // latest completions, its drinks, the past days' at this hour, the preparation times).
    const first = await count(() => place(ann));
    expect(first.length, first.join('\n')).toBeLessThanOrEqual(MOST.placement + 1);
    for (const [who, url] of [
      [barista, '/api/order?status=ordered&status=in-progress'],
      [ann, '/api/order/my-queue'],
    ] as const) {
      let answered = 0;
      const sent = await count(async () => (answered = (await t.request('GET', url, who)).statusCode));
      expect(answered).toBe(200);
      expect(sent.length, `${url}:\n${sent.join('\n')}`).toBeLessThanOrEqual(MOST.read);
    }
  });

  it('places the first order of someone who has opened the app in as many: what they avoid came with who they are', async () => {
    const cleo = await t.createUser();
    // Cleo opens My orders: the server reads who she is, and what she avoids with it.
    expect((await t.request('GET', '/api/order/my-queue', cleo)).statusCode).toBe(200);
    let placed: { id: number; queue_at: number | null } | undefined;
    const sent = await count(async () => (placed = await place(cleo)));
    expect(placed?.queue_at).toBeGreaterThan(0);
    expect(
      sent.filter((text) => text.includes('"avoids"')),
      sent.join('\n'),
    ).toEqual([]);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MOST.placement);
  });
});
