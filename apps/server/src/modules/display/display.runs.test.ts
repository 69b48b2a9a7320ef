import type { Order, PickupBoard } from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectScreen, makeLink, nextScreenEvent } from '../../test-support/display-fixtures';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

/*
 * A coffee run on the pickup screen (docs/api/runs.md): once every drink of a run is finished, the
 * Ready column shows the run once, "<runner>'s run for <place> is ready", instead of its drinks.
 * The runs and their drinks are written straight into the tables: the screen reads them, whoever
 * wrote them.
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

describe('pickup screens: coffee runs', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;
  let runner: TestUser;
  let token: string;

  const board = async () => {
    const res = await t.request('GET', `/api/display/${token}`);
    expect(res.statusCode).toBe(200);
    return res.json<PickupBoard>();
  };
  const setNames = (displayNames: string) =>
    t.request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, barista, { displayNames });
  const move = async (id: number, status: string) =>
    expect((await baristaPatch(t, barista, id, { status })).statusCode).toBe(200);
  const finish = async (id: number) => {
    await move(id, 'in-progress');
    await move(id, 'done');
  };

  async function newRun(place: string, runnerId: number | null = runner.id): Promise<number> {
    const row = await t.app.ctx.db
      .insertInto('runs')
      .values({
        site_id: FIRST_SITE_ID,
        runner_id: runnerId,
        place,
        pickup_at: '2026-11-18T04:30:00.000Z',
        closes_at: '2026-11-18T04:00:00.000Z',
        closed_at: null,
        created_at: '2026-11-18T02:50:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A drink of `who`, added to the run `runId` (null: an order of its own). */
  async function drink(who: TestUser, runId: number | null): Promise<Order> {
    const res = await placeOrder(t, who, cafeOrderBody(menu.latte, image));
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    if (runId !== null)
      await t.app.ctx.db.updateTable('orders').set({ run_id: runId }).where('id', '=', order.id).execute();
    return order;
  }

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: WEDNESDAY_10AM }));
    barista = await t.createUser({ role: 'barista' });
    runner = await t.createUser({ name: 'Ann Baker' });
  });
  beforeEach(async () => {
    await t.app.ctx.db.deleteFrom('order_status_history').execute();
    await t.app.ctx.db.deleteFrom('order_options').execute();
    await t.app.ctx.db.deleteFrom('orders').execute();
    await t.app.ctx.db.deleteFrom('runs').execute();
    t.app.ctx.bus.resync();
    expect((await setNames('first-initial')).statusCode).toBe(200);
    ({ token } = await makeLink(t, barista, FIRST_SITE_ID));
  });
  afterAll(() => t.close());

  it("shows a run once when its last drink is finished, and each drink's own number before", async () => {
    const runId = await newRun('Meeting room 3');
    const ann = await drink(runner, runId);
    const bo = await drink(await t.createUser({ name: 'Bo Chan' }), runId);
    const cy = await drink(await t.createUser({ name: 'Cy' }), runId);
    const single = await drink(await t.createUser({ name: 'Dee' }), null);

    await finish(ann.id);
    await finish(bo.id);
    await move(cy.id, 'in-progress');
    // A drink of the run is still being made: its finished ones are on the screen as themselves.
    const partly = await board();
    expect(partly.runs).toBeUndefined();
    expect(partly.ready.map((o) => o.number).sort()).toEqual([ann.id, bo.id].sort());
    expect(partly.preparing).toEqual([{ number: cy.id, name: 'Cy' }]);

    await move(cy.id, 'done');
    await finish(single.id);
    const whole = await board();
    expect(whole.runs).toEqual([{ id: runId, runner: 'Ann B.', place: 'Meeting room 3', drinks: 3 }]);
    // The run's drinks are in its entry, not in the column; another drink is.
    expect(whole.ready).toEqual([{ number: single.id, name: 'Dee' }]);
    expect(whole.preparing).toEqual([]);
  });

  it('counts the drinks still on the counter, leaves withdrawn ones out, and ends when all are picked up', async () => {
    const runId = await newRun('Design team');
    const owner = await t.createUser({ name: 'Eve' });
    const picked = await drink(runner, runId);
    const waiting = await drink(await t.createUser({ name: 'Fon' }), runId);
    const withdrawn = await drink(owner, runId);
    expect((await ownerPatch(t, owner, withdrawn.id, 'cancel')).statusCode).toBe(200);

    await finish(picked.id);
    await move(picked.id, 'picked');
    await finish(waiting.id);
    expect((await board()).runs).toEqual([{ id: runId, runner: 'Ann B.', place: 'Design team', drinks: 1 }]);

    await move(waiting.id, 'picked');
    const after = await board();
    expect(after.runs).toBeUndefined();
    expect(after.ready).toEqual([]);
  });

  it("shows no runner's name when the site shows numbers only, or once the runner's account is gone", async () => {
    const named = await newRun('Room A');
    const orphan = await newRun('Room B', null);
    const a = await drink(await t.createUser({ name: 'Gus' }), named);
    const b = await drink(await t.createUser({ name: 'Hana' }), orphan);
    await finish(a.id);
    await finish(b.id);
    // The run finished last on top.
    expect((await board()).runs).toEqual([
      { id: orphan, runner: null, place: 'Room B', drinks: 1 },
      { id: named, runner: 'Ann B.', place: 'Room A', drinks: 1 },
    ]);
    expect((await setNames('number')).statusCode).toBe(200);
    const numbersOnly = await board();
    expect(numbersOnly.runs?.map((r) => r.runner)).toEqual([null, null]);
    expect(JSON.stringify(numbersOnly)).not.toContain('Ann');
  });

  it('sends the run to the screens live when its last drink is finished', async () => {
    const base = await t.listen();
    const runId = await newRun('Meeting room 3');
    const first = await drink(runner, runId);
    const last = await drink(await t.createUser({ name: 'Ivy' }), runId);
    await finish(first.id);
    await move(last.id, 'in-progress');
    const screen = await connectScreen(base, token);
    try {
      const told = nextScreenEvent(screen, 'pickup-board');
      await move(last.id, 'done');
      const sent = await told;
      expect(sent.runs).toEqual([{ id: runId, runner: 'Ann B.', place: 'Meeting room 3', drinks: 2 }]);
      expect(sent.ready).toEqual([]);
    } finally {
      screen.close();
    }
  });
});
