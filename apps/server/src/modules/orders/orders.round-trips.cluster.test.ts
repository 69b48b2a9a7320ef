import { addDays } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection';
import { ORDERING_MORNING } from '../../test-support/order-fixtures';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { statementsOf } from '../../test-support/statements';
import { ROW_TOPIC } from './orders.context';
import { TestClock } from '../../test-support/test-app';

/**
 * The statements of one drink's life with two server processes on one PostgreSQL database (the
 * deployment's shape): besides a write's own statements (orders.round-trips.test.ts), what it
 * leaves for PostgreSQL to carry to the other process (its live events, and the news that the
 * other's copies of today's reads are stale) costs at most one statement more. PostgreSQL only
 * (the vitest config includes this file when TEST_DATABASE_URL is set).
 */
describe('round trips of one drink, two processes', () => {
  let apps: FastifyInstance[] = [];
  let databases: DatabaseHandle[] = [];
  let stop: (() => Promise<void>) | undefined;
  const clock = new TestClock(ORDERING_MORNING);
  const both = () => apps.map((app, i) => ({ app, database: databases[i] as DatabaseHandle }));

  beforeAll(async () => {
    // The adapter's heartbeats and clean-ups are not a write's: they are left out of the count.
    ({ apps, databases, stop } = await startProcesses(2, 'cafe_round_trips', {
      clock,
      env: { LOCATION_CHECK: 'off', RATE_LIMIT: 'off' },
      // Each count is of a write at a quiet moment, when its numbering carries the relays (decision 0119).
      adapter: { heartbeatMs: 600_000, cleanupMs: 600_000, carryAfterQuietMs: 0 },
    }));
  });
  afterAll(() => stop?.());

  it('places an order through one process and moves it on through the other, the other process told in the statement that numbers the events', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const at = clock.now().toISOString();
    const latte = await openCafeWithLatte(apps, at);
    const person = await insertPerson(apps, { name: 'Ann Counted', role: 'user', at });
    const other = await insertPerson(apps, { name: 'Ben Counted', role: 'user', at });
    const barista = await insertPerson(apps, { name: 'Bea Counted', role: 'barista', at });
    const photo = await insertTumblerPhoto(apps, person.id, at);
    for (const app of apps) app.ctx.bus.resync();
    const body = { menu_id: latte, type: 'hot', sweetness: 50, tumblerImage: photo };
    const place = async (who = person) => {
      const answer = await first.inject({ method: 'POST', url: '/api/order', headers: who.auth, payload: body });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: number }>().id;
    };
    /** The barista moves `order` on through `app`. */
    const baristaMove = (app: FastifyInstance, order: number, status: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/order/barista/${order}`,
        headers: barista.auth,
        payload: { status },
      });
    const start = (app: FastifyInstance, order: number) => baristaMove(app, order, 'in-progress');
    // A change the other process is not told with a row (a site's, or an order's when a row
    // cannot be told) tells it that the pickup screens' board changed: at once when it is the first
    // of its window, and once more when the window ends if more came meanwhile (modules/display).
    // The counts below start once every such window closed, as the display service says.
    const windowsClosed = () => Promise.all(apps.map((app) => app.ctx.services.display.windowsClosed()));
    // A morning under way: each process has served these people and the board, and moved an
    // order (counted too, so that the count below starts once all of it is done).
    await statementsOf(both(), async () => {
      for (const [i, app] of apps.entries()) {
        expect((await start(app, await place(i === 0 ? person : other))).statusCode).toBe(200);
        await app.inject({ method: 'GET', url: '/api/order/my-queue', headers: person.auth });
        await app.inject({ method: 'GET', url: '/api/order', headers: barista.auth });
      }
      await windowsClosed();
    });

    // The rows each process was told by the other (decision 0123), by order id and status, and
    // who waits for one.
    const told = apps.map((app) => {
      const rows = new Set<string>();
      const waiters = new Map<string, () => void>();
      app.ctx.bus.subscribe(ROW_TOPIC, (text) => {
        const row = JSON.parse(String(text)) as { id: number; status: string };
        const key = `${row.id} ${row.status}`;
        rows.add(key);
        waiters.get(key)?.();
      });
      return { rows, waiters };
    });
    /** Resolves once `app` was told the order in `status` (the message itself, however late). */
    const toldOf = (app: FastifyInstance, id: number, status: string) => {
      const { rows, waiters } = told[apps.indexOf(app)] as (typeof told)[number];
      const key = `${id} ${status}`;
      return rows.has(key) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(key, resolve));
    };

    let id = 0;
    const placed = await statementsOf(both(), async () => (id = await place()));
    await statementsOf(both(), async () => {
      await windowsClosed();
      await toldOf(second, id, 'ordered');
    });
    const moved = await statementsOf(both(), async () => {
      const answer = await start(second, id);
      expect(answer.statusCode, answer.body).toBe(200);
    });
    // Its own (1; the move 1 too: the process that moves it was told the row the placement left,
    // and decides it without a read), and its live events numbered with what goes to the other
    // process (1: decision 0119).
    expect(placed.length, placed.join('\n')).toBeLessThanOrEqual(1 + 1);
    expect(moved.length, moved.join('\n')).toBeLessThanOrEqual(1 + 1);

    // The owner picks it up through the process that placed it, which was told the rows the other
    // process's moves left: no read either.
    const done = await baristaMove(second, id, 'done');
    expect(done.statusCode, done.body).toBe(200);
    await statementsOf(both(), async () => {
      await windowsClosed();
      await toldOf(first, id, 'done');
    });
    const picked = await statementsOf(both(), async () => {
      const answer = await first.inject({
        method: 'PATCH',
        url: `/api/order/${id}`,
        headers: person.auth,
        payload: { status: 'picked' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    expect(picked.length, picked.join('\n')).toBeLessThanOrEqual(1 + 1);

    // A drink's moves one right after the other, as at a counter: placed through one process, made
    // by a barista on the other, picked up through the first. Each move waits for the row it is
    // decided on to be told, never for the pickup screens' windows, and each is still 1 + 1: the
    // other process's screens follow the row told, and no notice that the board changed leaves on
    // its own as a window ends. (Its owner's way to be told of the Done is read beside the Do:
    // decision 0115.)
    let next = 0;
    const moves = { placed: await statementsOf(both(), async () => (next = await place(other))) } as Record<
      string,
      string[]
    >;
    const counterMove = (status: string) => async () => {
      const answer = await baristaMove(second, next, status);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await toldOf(second, next, 'ordered');
    moves.started = await statementsOf(both(), counterMove('in-progress'));
    moves.done = await statementsOf(both(), counterMove('done'));
    await toldOf(first, next, 'done');
    moves.picked = await statementsOf(both(), async () => {
      const answer = await first.inject({
        method: 'PATCH',
        url: `/api/order/${next}`,
        headers: other.auth,
        payload: { status: 'picked' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    for (const [move, statements] of Object.entries(moves)) {
      expect(statements.length, `${move}:\n${statements.join('\n')}`).toBeLessThanOrEqual(1 + 1);
    }

    // The next morning, nothing of that day in memory: the first order reads its line's wait
    // inputs (today's pace, the past days' at this hour) in 1 statement more.
    await statementsOf(both(), windowsClosed);
    clock.set(`${addDays(ORDERING_MORNING.slice(0, 10), 1)}T10:00:00+07:00`);
    person.auth = { authorization: `Bearer ${await first.ctx.tokens.sign(person.id, 'user')}` };
    const firstOfDay = await statementsOf(both(), () => place());
    expect(firstOfDay.length, firstOfDay.join('\n')).toBeLessThanOrEqual(1 + 1 + 1);
  });
});
