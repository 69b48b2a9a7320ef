import type { ErrorBody, Order, Run } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, setShop } from '../../test-support/order-fixtures';
import { createRunWorld, local, type RunWorld } from '../../test-support/run-fixtures';
import { connectClient, nextEvent, type LiveClient, type TestUser } from '../../test-support/test-app';
import { until } from '../../test-support/waits';

/*
 * A coffee run from its close to its collection (docs/api/runs.md): withdrawing a drink while it is
 * open, closing it (by its runner, or by its time), the counter moving its drinks together, the
 * runner collecting them; and which orders are served into their owner's own cup.
 */
describe('the coffee run closed, made and collected', () => {
  let w: RunWorld;
  beforeAll(async () => {
    w = await createRunWorld();
  });
  afterAll(() => w.t.close());

  const people = (names: string[]) => Promise.all(names.map((name) => w.t.createUser({ name })));

  describe('withdrawing and closing', () => {
    it('lets a drink be withdrawn while the run is open, and not once the runner closed it', async () => {
      w.t.clock.set(local('10:00'));
      const [runner, kim, lee, max] = (await people(['Kai', 'Kim', 'Lee', 'Max'])) as [
        TestUser,
        TestUser,
        TestUser,
        TestUser,
      ];
      const run = await w.startRun(runner, { pickupAt: local('10:45'), closesAt: local('10:40') });
      const [first, second, third] = [
        await w.joined(kim, run.id),
        await w.joined(lee, run.id),
        await w.joined(max, run.id),
      ];
      const withdrawn = await w.call('PATCH', `/api/order/${first.id}`, kim, { status: 'cancel' });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((await w.runOf(run.id)).drinks.map((d) => d.label)).toEqual(['Lee (1/2)', 'Max (2/2)']);
      // Withdrawn, Kim may add another drink.
      await w.joined(kim, run.id, { cup: 'tray' });

      // Only the runner or the cafe closes it.
      expect((await w.call('POST', `/api/runs/${run.id}/close`, lee)).statusCode).toBe(403);
      const closed = await w.call('POST', `/api/runs/${run.id}/close`, runner);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<Run>().state).toBe('closed');
      expect(closed.json<Run>().closedAt).not.toBeNull();
      const refused = await w.call('PATCH', `/api/order/${second.id}`, lee, { status: 'cancel' });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<ErrorBody>()).toMatchObject({
        code: 'RUN_CLOSED',
        messageId: 'people.refusal.runClosedWithdraw',
      });
      expect((await w.call('GET', `/api/order/${third.id}`, max)).json<Order>().status).toBe('scheduled');
      // Too late to join; closing again changes nothing.
      const late = await w.join(await w.t.createUser(), run.id);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json<ErrorBody>()).toMatchObject({ code: 'RUN_CLOSED', messageId: 'people.refusal.runClosed' });
      const again = await w.call('POST', `/api/runs/${run.id}/close`, w.barista);
      expect(again.json<Run>()).toEqual(closed.json<Run>());
    });

    it('closes by itself at its closing time (nothing written), and is dropped when nobody is in it', async () => {
      w.t.clock.set(local('10:00'));
      const [runner, ned, oli] = (await people(['Nia', 'Ned', 'Oli'])) as [TestUser, TestUser, TestUser];
      const run = await w.startRun(runner, { pickupAt: local('11:00'), closesAt: local('10:30') });
      const empty = await w.startRun(ned, { pickupAt: local('11:00'), closesAt: local('10:30') });
      await w.joined(oli, run.id);
      w.t.clock.set(local('10:30'));
      expect(await w.runOf(run.id)).toMatchObject({ state: 'closed', closedAt: null });
      expect(await w.runOf(empty.id)).toMatchObject({ state: 'dropped', drinks: [] });
      const late = await w.join(ned, run.id);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json<ErrorBody>().code).toBe('RUN_CLOSED');
      expect((await w.call('GET', '/api/runs', oli)).json<Run[]>().map((r) => r.id)).not.toContain(run.id);
      // Her run has closed: the runner may start another.
      await w.startRun(ned, { pickupAt: local('11:15'), closesAt: local('11:00') });
    });
  });

  describe('the counter and the runner', () => {
    let runner: TestUser;
    let colleague: TestUser;
    let run: Run;
    beforeAll(async () => {
      w.t.clock.set(local('11:00'));
      const [pia, quinn, rae, sam] = (await people(['Pia', 'Quinn', 'Rae', 'Sam'])) as [
        TestUser,
        TestUser,
        TestUser,
        TestUser,
      ];
      runner = pia;
      colleague = quinn;
      run = await w.startRun(runner, { pickupAt: local('11:30'), closesAt: local('11:20') });
      for (const who of [pia, quinn, rae]) await w.joined(who, run.id);
      const gone = await w.joined(sam, run.id, { cup: 'tray' });
      expect((await w.call('PATCH', `/api/order/${gone.id}`, sam, { status: 'cancel' })).statusCode).toBe(200);
      await w.call('POST', `/api/runs/${run.id}/close`, runner);
    });
    const move = (status: string, who: TestUser = w.barista) =>
      w.call('PATCH', `/api/order/barista/run/${run.id}`, who, { status });

    it('starts and finishes every drink of the run together, each as a single move', async () => {
      expect((await move('in-progress', runner)).statusCode).toBe(403);
      const started = await move('in-progress');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json<Run>().drinks.map((d) => d.status)).toEqual(['in-progress', 'in-progress', 'in-progress']);
      // Each drink moved as the barista's own move of it.
      const [firstDrink] = started.json<Run>().drinks;
      const timeline = await w.call('GET', `/api/order/${firstDrink!.orderId}/timeline`, w.barista);
      expect(timeline.json<{ status: string; by: { name: string } | null }[]>().at(-1)).toMatchObject({
        status: 'in-progress',
        by: { name: 'Bea Barista' },
      });
      const done = await move('done');
      expect(done.json<Run>()).toMatchObject({ ready: true, collected: false, state: 'closed' });
      // Nothing more to start: answered as it is.
      expect((await move('in-progress')).json<Run>().drinks.map((d) => d.status)).toEqual(['done', 'done', 'done']);
    });

    it('lets only the runner collect the finished drinks, each picked up', async () => {
      expect((await w.call('POST', `/api/runs/${run.id}/collect`, colleague)).statusCode).toBe(403);
      const collected = await w.call('POST', `/api/runs/${run.id}/collect`, runner);
      expect(collected.statusCode, collected.body).toBe(200);
      expect(collected.json<Run>()).toMatchObject({ ready: true, collected: true, over: true });
      expect(collected.json<Run>().drinks.every((d) => d.status === 'picked')).toBe(true);
    });

    it('hands over a whole run at the counter (Picked up) from done', async () => {
      w.t.clock.set(local('11:00'));
      const [tess, uma] = (await people(['Tess', 'Uma'])) as [TestUser, TestUser];
      const other = await w.startRun(tess, { pickupAt: local('11:45'), closesAt: local('11:30') });
      await w.joined(tess, other.id);
      const tray = await w.joined(uma, other.id, { cup: 'tray' });
      const groupMove = (status: string) =>
        w.call('PATCH', `/api/order/barista/run/${other.id}`, w.barista, { status });
      await groupMove('in-progress');
      // A drink in the runner's tray has no tumbler to look for.
      const mark = await w.call('POST', `/api/order/barista/${tray.id}/tumbler`, w.barista, { missing: true });
      expect(mark.statusCode, mark.body).toBe(409);
      await groupMove('done');
      const picked = await groupMove('picked');
      expect(picked.statusCode, picked.body).toBe(200);
      expect(picked.json<Run>()).toMatchObject({ collected: true });
    });
  });

  describe('a run whose drinks are collected is over, and its people are told live', () => {
    /** A live connection of `who`, in its rooms (its `hello` heard) before the test goes on. */
    async function phoneOf(who: TestUser): Promise<LiveClient> {
      const base = await w.t.listen();
      let hello: Promise<unknown> = Promise.resolve();
      const socket = await connectClient(base, await w.t.app.ctx.tokens.sign(who.id, who.role), undefined, (s) => {
        hello = nextEvent(s, 'hello');
      });
      await hello;
      return socket;
    }

    it('closes a run once every drink is collected before its closing time: over, unlisted, refusing joins', async () => {
      w.t.clock.set(local('11:00'));
      const [runner, xia, yan] = (await people(['Wren', 'Xia', 'Yan'])) as [TestUser, TestUser, TestUser];
      // Open until 11:40, well after the drinks are collected.
      const run = await w.startRun(runner, { pickupAt: local('11:45'), closesAt: local('11:40') });
      await w.joined(xia, run.id);
      await w.joined(yan, run.id, { cup: 'tray' });
      const groupMove = (status: string) => w.call('PATCH', `/api/order/barista/run/${run.id}`, w.barista, { status });
      await groupMove('in-progress');
      const ready = (await groupMove('done')).json<Run>();
      // Ready, not collected: still open, still listed.
      expect(ready).toMatchObject({ state: 'open', ready: true, collected: false, over: false, closedAt: null });

      w.t.clock.set(local('11:10'));
      const collected = await w.call('POST', `/api/runs/${run.id}/collect`, runner);
      expect(collected.statusCode, collected.body).toBe(200);
      expect(collected.json<Run>()).toMatchObject({ state: 'closed', collected: true, over: true });
      // Closed as it was collected (the test clock moves on by itself from where it was set).
      expect(Date.parse(collected.json<Run>().closedAt!)).toBeGreaterThanOrEqual(Date.parse(local('11:10')));
      expect(await w.runOf(run.id)).toMatchObject({ state: 'closed', over: true });
      // No longer among the site's open runs (the web's list and every chat's read this).
      expect((await w.call('GET', '/api/runs', xia)).json<Run[]>().map((r) => r.id)).not.toContain(run.id);
      // Joining it is refused, saying why, in the person's words.
      const late = await w.join(await w.t.createUser({ name: 'Zed' }), run.id);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json<ErrorBody>()).toMatchObject({ code: 'RUN_CLOSED', messageId: 'people.refusal.runOver' });
      expect(late.json<ErrorBody>().message).toBe(
        'This coffee run is over: its drinks have been collected. Order your drink on your own, or start a run of your own.',
      );
      // The runner is free to start the next one.
      await w.startRun(runner, { pickupAt: local('12:00'), closesAt: local('11:45') });
    });

    it('stays open while a drink is still to collect, and is over once the counter hands over the last one', async () => {
      w.t.clock.set(local('11:00'));
      const [runner, ada] = (await people(['Abe', 'Ada'])) as [TestUser, TestUser];
      const run = await w.startRun(runner, { pickupAt: local('11:45'), closesAt: local('11:40') });
      const mine = await w.joined(runner, run.id);
      const hers = await w.joined(ada, run.id);
      const single = (id: number, status: string) => w.call('PATCH', `/api/order/barista/${id}`, w.barista, { status });
      for (const status of ['in-progress', 'done', 'picked']) {
        expect((await single(mine.id, status)).statusCode).toBe(200);
      }
      expect(await w.runOf(run.id)).toMatchObject({ state: 'open', over: false });
      for (const status of ['in-progress', 'done', 'picked']) {
        expect((await single(hers.id, status)).statusCode).toBe(200);
      }
      // The last drink handed over one by one closes it too (after its move's answer: waited for).
      await until(async () => (await w.runOf(run.id)).over, 'the run over');
      expect(await w.runOf(run.id)).toMatchObject({ state: 'closed', collected: true });
    });

    it('sends the run to its runner and to the people in it as the counter moves it, and words each drink by its parts', async () => {
      w.t.clock.set(local('11:00'));
      const [runner, bo, cy] = (await people(['Bex', 'Bo', 'Cy'])) as [TestUser, TestUser, TestUser];
      const run = await w.startRun(runner, { pickupAt: local('11:45'), closesAt: local('11:30') });
      await w.joined(bo, run.id);
      await w.joined(cy, run.id, { cup: 'tray' });
      const runnerPhone = await phoneOf(runner);
      const boPhone = await phoneOf(bo);
      try {
        const heard = collect(runnerPhone, 'run');
        const boHeard = collect(boPhone, 'run');
        const groupMove = (status: string) =>
          w.call('PATCH', `/api/order/barista/run/${run.id}`, w.barista, { status });
        await groupMove('in-progress');
        await until(
          () => heard.some((r) => r.id === run.id && r.drinks.every((d) => d.status === 'in-progress')),
          'the run started, on the runner’s phone',
        );
        expect((await groupMove('done')).statusCode).toBe(200);
        await until(() => heard.some((r) => r.id === run.id && r.ready), 'the run ready, on the runner’s phone');
        await until(() => boHeard.some((r) => r.id === run.id && r.ready), 'the run ready, on Bo’s phone');
        // One event per group move, not one per drink. A phone connected after the joins' answers may
        // still hear the last join's event (events leave after the answer): the moves are what follow it.
        const moved = heard.filter((r) => r.id === run.id && !r.drinks.every((d) => d.status === 'scheduled'));
        expect(moved.map((r) => r.drinks.map((d) => d.status))).toEqual([
          ['in-progress', 'in-progress'],
          ['done', 'done'],
        ]);
        const latest = heard.at(-1)!;
        expect(latest).toEqual(await w.runOf(run.id));
        // The drink by its parts, for each screen to word in its reader's language.
        expect(latest.drinks[0]).toMatchObject({
          person: { name: 'Bo' },
          menu: { id: w.menu.latte, name: 'Latte' },
          type: 'cold',
          sweetness: 50,
          options: [],
          drink: 'Latte · Cold · 50%',
        });
        // Collected: told too, and over.
        await w.call('POST', `/api/runs/${run.id}/collect`, runner);
        await until(() => heard.some((r) => r.id === run.id && r.over), 'the run over, on the runner’s phone');
        expect(heard.at(-1)).toMatchObject({ state: 'closed', collected: true, over: true });
      } finally {
        runnerPhone.disconnect();
        boPhone.disconnect();
      }
    });
  });

  describe('own cups', () => {
    it('marks an online cafe order with its photo, a walk-up with its own cup; not a tray, a bar order or a plain walk-up', async () => {
      w.t.clock.set(local('10:00'));
      const vic = await w.t.createUser({ name: 'Vic' });
      const online = await w.call('POST', '/api/order', vic, {
        menu_id: w.menu.thaiTea,
        type: 'cold',
        sweetness: 50,
        tumblerImage: w.image,
      });
      expect(online.json<Order>()).toMatchObject({ ownCup: true });
      expect(await w.ownCupOf(online.json<Order>().id)).toBe(1);
      const walkUp = (body: Record<string, unknown>) =>
        w.call('POST', '/api/order/walk-up', w.barista, { guestName: 'Visitor', ...body });
      const cafe = { menu_id: w.menu.latte, type: 'hot', sweetness: 50 };
      const own = await walkUp({ ...cafe, ownCup: true });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json<Order>()).toMatchObject({ ownCup: true, walkUp: true });
      expect(await w.ownCupOf((await walkUp(cafe)).json<Order>().id)).toBe(0);
      await setShop(w.t, { cafe: true, bar: true });
      try {
        const bar = await walkUp({ menu_id: w.menu.mojito, ownCup: true });
        expect(bar.statusCode, bar.body).toBe(201);
        expect(await w.ownCupOf(bar.json<Order>().id)).toBe(0);
      } finally {
        await setShop(w.t, { cafe: true, bar: false });
      }
    });
  });
});
