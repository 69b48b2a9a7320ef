import {
  runLabel,
  type ErrorBody,
  type OptionGroup,
  type Order,
  type QueuedOrder,
  type Run,
  type Site,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../../lib/people-texts';
import { cafeOrderBody, collect, placeOrder } from '../../test-support/order-fixtures';
import { createRunWorld, local, type RunWorld } from '../../test-support/run-fixtures';
import { connectClient, FIRST_SITE_ID } from '../../test-support/test-app';
import { until } from '../../test-support/waits';

/*
 * The coffee run at the door (docs/api/runs.md): starting one, the open runs of a site, and adding
 * a drink to one, which is its owner's own order in every rule (the daily limit, options sold out,
 * what they avoid, the tumbler photo) with the run's site and pickup slot.
 */
describe('the coffee run at the door', () => {
  let w: RunWorld;
  beforeAll(async () => {
    w = await createRunWorld();
  });
  afterAll(() => w.t.close());

  const code = (res: { json: <T>() => T }) => res.json<ErrorBody>().code;

  describe('starting a run', () => {
    it('starts one for a cafe slot, open and empty, at the home site', async () => {
      w.t.clock.set(local('10:00'));
      const ann = await w.t.createUser({ name: 'Ann' });
      const run = await w.startRun(ann, { pickupAt: local('10:30'), closesAt: local('10:20') });
      expect(run).toMatchObject({
        site: { id: FIRST_SITE_ID },
        runner: { id: ann.id, name: 'Ann' },
        place: 'Meeting room 3',
        pickupAt: local('10:30'),
        closesAt: local('10:20'),
        closedAt: null,
        state: 'open',
        ready: false,
        collected: false,
        drinks: [],
      });
      // A second open run of hers at the same site.
      const again = await w.call('POST', '/api/runs', ann, {
        place: 'Lobby',
        pickupAt: local('11:00'),
        closesAt: local('10:50'),
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json<ErrorBody>()).toMatchObject({
        code: 'RUN_OPEN_ALREADY',
        messageId: 'people.refusal.runOpenAlready',
      });
    });

    it('refuses a runner with a run open here at the door, whatever times the second one is sent with', async () => {
      w.t.clock.set(local('10:00'));
      const dan = await w.t.createUser({ name: 'Dan' });
      await w.startRun(dan, { pickupAt: local('10:30'), closesAt: local('10:20') });
      // No time would help: the open run is what Dan is told, not a time to fix.
      const again = await w.call('POST', '/api/runs', dan, {
        place: 'Lobby',
        pickupAt: local('10:35'),
        closesAt: local('09:00'),
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json<ErrorBody>()).toMatchObject({
        code: 'RUN_OPEN_ALREADY',
        messageId: 'people.refusal.runOpenAlready',
      });
    });

    it('refuses a time that is no cafe slot, and a closing time before now or after the pickup', async () => {
      w.t.clock.set(local('10:00'));
      const ben = await w.t.createUser({ name: 'Ben' });
      const between = await w.call('POST', '/api/runs', ben, {
        place: 'Room 1',
        pickupAt: local('10:35'),
        closesAt: local('10:20'),
      });
      expect(between.statusCode, between.body).toBe(400);
      expect(between.json<ErrorBody>().messageId).toBe('people.refusal.slotNotStart');
      for (const closesAt of [local('09:59'), local('10:31')]) {
        const res = await w.call('POST', '/api/runs', ben, { place: 'Room 1', pickupAt: local('10:30'), closesAt });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<ErrorBody>()).toMatchObject({ code: 'RUN_TIMES', messageId: 'people.refusal.runTimes' });
      }
      // Closing with the pickup is allowed.
      await w.startRun(ben, { pickupAt: local('10:30'), closesAt: local('10:30') });
    });

    it('refuses a site without a cafe', async () => {
      const admin = await w.t.createUser({ role: 'admin' });
      const site = await w.call('POST', '/api/sites', admin, {
        name: 'Rooftop bar',
        latitude: 13.75,
        longitude: 100.54,
        radiusKm: 1,
        timeZone: 'Asia/Bangkok',
        venues: { cafe: false, bar: true },
      });
      expect(site.statusCode, site.body).toBe(201);
      const cleo = await w.t.createUser({ name: 'Cleo' });
      const res = await w.call('POST', '/api/runs', cleo, {
        siteId: site.json<Site>().id,
        place: 'Deck',
        pickupAt: local('10:30'),
        closesAt: local('10:20'),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'RUN_CAFE_ONLY', params: { site: 'Rooftop bar' } });
    });

    it('lists the open runs of the home site only, and shows any run to anyone signed in', async () => {
      w.t.clock.set(local('10:00'));
      const dan = await w.t.createUser({ name: 'Dan' });
      const run = await w.startRun(dan, { pickupAt: local('11:30'), closesAt: local('11:15'), place: 'Room 9' });
      const someone = await w.t.createUser();
      const listed = await w.call('GET', '/api/runs', someone);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<Run[]>().map((r) => r.id)).toContain(run.id);
      expect(listed.json<Run[]>().every((r) => r.state === 'open')).toBe(true);
      expect((await w.runOf(run.id, someone)).place).toBe('Room 9');
      expect((await w.call('GET', '/api/runs/999999', someone)).statusCode).toBe(404);
      // Closed by its runner: no longer listed (and dropped: nobody had added a drink).
      const closed = await w.call('POST', `/api/runs/${run.id}/close`, dan);
      expect(closed.json<Run>()).toMatchObject({ state: 'dropped' });
      expect((await w.call('GET', '/api/runs', someone)).json<Run[]>().map((r) => r.id)).not.toContain(run.id);
    });
  });

  describe('adding a drink', () => {
    let run: Run;
    let milk: OptionGroup;
    beforeAll(async () => {
      w.t.clock.set(local('10:00'));
      run = await w.startRun(await w.t.createUser({ name: 'Runa' }), {
        pickupAt: local('12:00'),
        closesAt: local('11:45'),
      });
      const created = await w.call('POST', '/api/option-groups', w.barista, {
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        choices: [
          { name: 'Whole', isDefault: true, tags: ['milk'] },
          { name: 'Oat', tags: ['vegan'] },
          { name: 'Soy' },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      milk = created.json<OptionGroup>();
      const attached = await w.call('PUT', `/api/menu/${w.menu.latte}/options`, w.barista, {
        groups: [{ groupId: milk.id }],
      });
      expect(attached.statusCode, attached.body).toBe(200);
    });
    const oat = () => [{ choiceId: milk.choices[1]!.id }];

    it("places the person's own order for later at the run's slot, with the run on it", async () => {
      const eve = await w.t.createUser({ name: 'Eve' });
      const order = await w.joined(eve, run.id, { options: oat() });
      expect(order).toMatchObject({
        status: 'scheduled',
        pickupAt: local('12:00'),
        site: { id: FIRST_SITE_ID },
        user: { id: eve.id, name: 'Eve' },
        ownCup: true,
        run: { id: run.id, place: 'Meeting room 3', runner: { name: 'Runa' }, position: 1, of: 1 },
      });
      expect(await w.ownCupOf(order.id)).toBe(1);
      // One drink per person per run.
      const again = await w.join(eve, run.id, { options: oat() });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json<ErrorBody>()).toMatchObject({ code: 'RUN_JOINED', messageId: 'people.refusal.runJoined' });
      // The run's site and time are the drink's.
      const elsewhere = await w.join(await w.t.createUser(), run.id, { options: oat(), siteId: 999 });
      expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    });

    it('takes a drink in the runner’s tray without a photo, and asks for the photo otherwise', async () => {
      const fay = await w.t.createUser({ name: 'Fay' });
      const { tumblerImage: _photo, ...withoutPhoto } = cafeOrderBody(w.menu.latte, w.image, {
        runId: run.id,
        options: oat(),
      });
      const missing = await w.call('POST', '/api/order', fay, withoutPhoto);
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION', message: 'tumblerImage is required' });
      const tray = await w.call('POST', '/api/order', fay, { ...withoutPhoto, cup: 'tray' });
      expect(tray.statusCode, tray.body).toBe(201);
      expect(tray.json<Order>()).toMatchObject({ tumblerImage: '', ownCup: false, run: { position: 2, of: 2 } });
      expect(await w.ownCupOf(tray.json<Order>().id)).toBe(0);
      // Without a run there is no tray: the photo is required.
      const alone = await w.call('POST', '/api/order', await w.t.createUser(), {
        ...withoutPhoto,
        runId: undefined,
        cup: 'tray',
      });
      expect(alone.statusCode, alone.body).toBe(400);
    });

    it('counts the drink in its owner’s daily limit', async () => {
      const gus = await w.t.createUser({ name: 'Gus' });
      for (let i = 0; i < 2; i += 1) {
        expect((await placeOrder(w.t, gus, cafeOrderBody(w.menu.thaiTea, w.image))).statusCode).toBe(201);
      }
      const res = await w.join(gus, run.id, { options: oat() });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'ORDER_LIMIT_REACHED',
        messageId: 'people.refusal.orderLimit',
      });
    });

    it('refuses a choice sold out at the site in the door’s words', async () => {
      const soy = milk.choices[2]!.id;
      const marked = await w.call('PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${soy}`, w.barista, {
        soldOut: true,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const res = await w.join(await w.t.createUser({ name: 'Hal' }), run.id, { options: [{ choiceId: soy }] });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'MENU_UNAVAILABLE', messageId: 'people.refusal.soldOut' });
      expect(res.json<ErrorBody>().message).toContain('Soy (Milk) is sold out at Head office');
      await w.call('PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${soy}`, w.barista, { soldOut: false });
    });

    it('asks a person who avoids what the drink contains to confirm it, and takes it once confirmed', async () => {
      const ivy = await w.t.createUser({ name: 'Ivy' });
      const avoided = await w.call('PUT', '/api/user/me/avoids', ivy, { avoids: ['milk'], consent: true });
      expect(avoided.statusCode, avoided.body).toBe(200);
      // The default whole milk.
      const asked = await w.join(ivy, run.id);
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json<ErrorBody>()).toMatchObject({ code: 'DIET_CONFIRMATION_NEEDED', params: { tags: 'milk' } });
      const confirmed = await w.joined(ivy, run.id, { dietConfirmed: true });
      expect(confirmed).toMatchObject({ dietWarnings: ['milk'], run: { position: 3, of: 3 } });
    });

    it('refuses a bar item: a run collects cafe drinks', async () => {
      const res = await w.call('POST', '/api/order', await w.t.createUser(), {
        menu_id: w.menu.mojito,
        tumblerImage: 'Mojito, no mint',
        runId: run.id,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({ code: 'RUN_CAFE_ONLY', messageId: 'people.refusal.runCafeOnly' });
    });

    it('labels the drinks "Name (2/5)" on the board, on My orders and in the live events', async () => {
      const base = await w.t.listen();
      const board = await connectClient(base, await w.t.app.ctx.tokens.sign(w.barista.id, 'barista'));
      try {
        const heard = collect(board, 'orders');
        const jo = await w.t.createUser({ name: 'Jo' });
        const placed = await w.joined(jo, run.id, { options: oat() });
        await until(
          () => heard.some((e) => e.id === placed.id && e.order.run?.position === 4),
          'the new drink on the board',
        );
        const list = await w.call('GET', '/api/order?status=scheduled', w.barista);
        expect(list.statusCode, list.body).toBe(200);
        const labels = list
          .json<QueuedOrder[]>()
          .filter((o) => o.run?.id === run.id)
          .map((o) => runLabel(o.user.name, o.run!.position, o.run!.of));
        expect(labels).toEqual(['Eve (1/4)', 'Fay (2/4)', 'Ivy (3/4)', 'Jo (4/4)']);
        const mine = (await w.call('GET', '/api/order/my-queue', jo)).json<QueuedOrder[]>();
        expect(mine.find((o) => o.id === placed.id)?.run).toMatchObject({ id: run.id, position: 4, of: 4 });
        expect((await w.runOf(run.id)).drinks.map((d) => d.label)).toEqual(labels);
      } finally {
        board.disconnect();
      }
    });

    it('says the refusals in Thai from the same message ids', async () => {
      const res = await w.join(await w.t.createUser(), 999999);
      expect(res.statusCode).toBe(404);
      for (const id of [
        'runClosed',
        'runOver',
        'runJoined',
        'runTimes',
        'runOpenAlready',
        'runCafeOnly',
        'runClosedWithdraw',
      ]) {
        const thai = say('th', { id: `people.refusal.${id}` });
        expect(thai).toMatch(/[\u0E00-\u0E7F]/);
        expect(thai).not.toBe(say('en', { id: `people.refusal.${id}` }));
      }
      expect(say('th', { id: 'people.refusal.runNoCafe', values: { site: 'Tower B' } })).toContain('Tower B ไม่มีคาเฟ่');
      expect(code(await w.join(await w.t.createUser(), run.id, { options: oat(), pickupAt: local('12:15') }))).toBe(
        'VALIDATION',
      );
    });
  });
});
