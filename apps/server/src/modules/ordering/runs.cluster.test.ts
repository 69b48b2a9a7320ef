import type { ErrorBody, OptionGroup, Order, Run } from '@cafe/shared';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, ORDERING_MORNING, sleep } from '../../test-support/order-fixtures';
import { insertPerson, insertTumblerPhoto, openCafeWithLatte, startProcesses } from '../../test-support/processes';
import { local } from '../../test-support/run-fixtures';
import { connectClient, FIRST_SITE_ID, nextEvent, TestClock } from '../../test-support/test-app';
import { until } from '../../test-support/waits';

type Person = Awaited<ReturnType<typeof insertPerson>>;

/**
 * The coffee run with two server processes on one PostgreSQL database (docs/api/runs.md): its
 * colleagues add their drinks through either process, each under every rule of their own order;
 * a close on one process racing late joins on the other lets none in after it (the run's row is
 * held by each join and updated by the close); the counter moves the run on one process and it
 * reads ready on both. PostgreSQL only (the vitest config includes this file when TEST_DATABASE_URL
 * is set).
 */
describe('a coffee run on two server processes', () => {
  let apps: FastifyInstance[] = [];
  let stop: (() => Promise<void>) | undefined;
  const clock = new TestClock(ORDERING_MORNING);
  let latte = 0;
  let tumbler = '';
  let barista: Person;
  let milk: OptionGroup;
  const first = () => apps[0] as FastifyInstance;
  const second = () => apps[1] as FastifyInstance;

  const person = (name = `P ${randomBytes(3).toString('hex')}`) =>
    insertPerson(apps, { name, role: 'user', at: clock.now().toISOString() });
  const send = (
    app: FastifyInstance,
    who: Person,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const join = (app: FastifyInstance, who: Person, runId: number, extra: object = {}) =>
    send(app, who, 'POST', '/api/order', {
      menu_id: latte,
      type: 'hot',
      sweetness: 50,
      tumblerImage: tumbler,
      runId,
      ...extra,
    });
  const startRun = async (app: FastifyInstance, runner: Person, pickupAt: string, closesAt: string) => {
    const res = await send(app, runner, 'POST', '/api/runs', { place: 'Board room', pickupAt, closesAt });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Run>();
  };
  const read = async (app: FastifyInstance, id: number) => {
    const res = await send(app, barista, 'GET', `/api/runs/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Run>();
  };
  const oat = () => [{ choiceId: milk.choices[1]!.id }];
  const inMs = <T>(ms: number, send: () => Promise<T>) => sleep(ms).then(send);

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_runs', {
      clock,
      env: { LOCATION_CHECK: 'off', RATE_LIMIT: 'off' },
    }));
    const at = clock.now().toISOString();
    latte = await openCafeWithLatte(apps, at);
    barista = await insertPerson(apps, { name: 'Bea', role: 'barista', at });
    tumbler = await insertTumblerPhoto(apps, barista.id, at);
    for (const app of apps) app.ctx.bus.resync();
    // The latte's milk: whole by default (milk), oat, and soy sold out at the site.
    const group = await send(first(), barista, 'POST', '/api/option-groups', {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true, tags: ['milk'] }, { name: 'Oat', tags: ['vegan'] }, { name: 'Soy' }],
    });
    expect(group.statusCode, group.body).toBe(201);
    milk = group.json<OptionGroup>();
    expect(
      (await send(first(), barista, 'PUT', `/api/menu/${latte}/options`, { groups: [{ groupId: milk.id }] }))
        .statusCode,
    ).toBe(200);
    const soy = milk.choices[2]!.id;
    expect(
      (await send(first(), barista, 'PATCH', `/api/sites/${FIRST_SITE_ID}/option-choices/${soy}`, { soldOut: true }))
        .statusCode,
    ).toBe(200);
    for (const app of apps) app.ctx.bus.resync();
  });
  afterAll(() => stop?.());

  it('takes five colleagues through both processes, each under the rules of their own order', async () => {
    const runner = await person('Ann');
    const run = await startRun(first(), runner, local('10:45'), local('10:40'));
    const [ben, cat, dev, eli, fin] = await Promise.all(['Ben', 'Cat', 'Dev', 'Eli', 'Fin'].map((n) => person(n)));
    expect((await join(first(), ben!, run.id, { options: oat() })).statusCode).toBe(201);
    // Cat has had her two cafe drinks today.
    for (let i = 0; i < 2; i += 1) {
      const own = await send(first(), cat!, 'POST', '/api/order', {
        menu_id: latte,
        type: 'hot',
        sweetness: 50,
        tumblerImage: tumbler,
        options: oat(),
      });
      expect(own.statusCode, own.body).toBe(201);
    }
    const limited = await join(second(), cat!, run.id, { options: oat() });
    expect(limited.json<ErrorBody>().code).toBe('ORDER_LIMIT_REACHED');
    // Dev picks the soy sold out here, then oat.
    const soldOut = await join(second(), dev!, run.id, { options: [{ choiceId: milk.choices[2]!.id }] });
    expect(soldOut.json<ErrorBody>()).toMatchObject({ code: 'MENU_UNAVAILABLE', messageId: 'people.refusal.soldOut' });
    expect((await join(first(), dev!, run.id, { options: oat() })).statusCode).toBe(201);
    // Eli avoids milk: the default whole milk needs his confirmation.
    expect(
      (await send(second(), eli!, 'PUT', '/api/user/me/avoids', { avoids: ['milk'], consent: true })).statusCode,
    ).toBe(200);
    const asked = await join(first(), eli!, run.id);
    expect(asked.json<ErrorBody>()).toMatchObject({ code: 'DIET_CONFIRMATION_NEEDED', params: { tags: 'milk' } });
    expect((await join(second(), eli!, run.id, { dietConfirmed: true })).statusCode).toBe(201);
    // Fin adds his on one process and withdraws it on the other.
    const finDrink = await join(second(), fin!, run.id, { cup: 'tray', tumblerImage: undefined });
    expect(finDrink.statusCode, finDrink.body).toBe(201);
    expect(
      (await send(first(), fin!, 'PATCH', `/api/order/${finDrink.json<Order>().id}`, { status: 'cancel' })).statusCode,
    ).toBe(200);
    for (const app of apps) {
      expect((await read(app, run.id)).drinks.map((d) => d.label)).toEqual(['Ben (1/3)', 'Dev (2/3)', 'Eli (3/3)']);
    }
  });

  it('lets no drink in after a close racing late joins on the other process, round after round', async () => {
    // The joins leave every 10 ms; the close a little later each round, so that rounds end with
    // every join in, none, or some on each side of the close.
    const slots = ['11:00', '11:15', '11:30', '11:45', '12:15'];
    for (const [round, slot] of slots.entries()) {
      const runner = await person();
      const run = await startRun(second(), runner, local(slot), local(slot));
      for (let i = 0; i < 2; i += 1)
        expect((await join(first(), await person(), run.id, { options: oat() })).statusCode).toBe(201);
      const late = await Promise.all([1, 2, 3, 4, 5, 6].map(() => person()));
      const [closed, ...joins] = await Promise.all([
        inMs(round * 15, () => send(first(), runner, 'POST', `/api/runs/${run.id}/close`)),
        ...late.map((who, i) => inMs(i * 10, () => join(second(), who, run.id, { options: oat() }))),
      ]);
      expect(closed.statusCode, closed.body).toBe(200);
      const atClose = closed.json<Run>();
      expect(atClose.state).toBe('closed');
      const inRun = new Set(atClose.drinks.map((d) => d.orderId));
      for (const answer of joins) {
        if (answer.statusCode === 201) {
          expect(inRun.has(answer.json<Order>().id), `round ${round}: a join answered 201 after the close`).toBe(true);
        } else {
          expect(answer.statusCode, answer.body).toBe(409);
          expect(answer.json<ErrorBody>().code).toBe('RUN_CLOSED');
        }
      }
      expect(atClose.drinks.length).toBe(2 + joins.filter((a) => a.statusCode === 201).length);
      // Once closed, its drinks never change, whichever process is asked.
      const after = await join(first(), await person(), run.id, { options: oat() });
      expect(after.json<ErrorBody>().code).toBe('RUN_CLOSED');
      for (const app of apps) expect((await read(app, run.id)).drinks).toEqual(atClose.drinks);
    }
  });

  it('moves the run at the counter on one process, and it reads ready on both', async () => {
    const runner = await person('Gia');
    const run = await startRun(first(), runner, local('12:00'), local('11:50'));
    for (const who of [runner, await person(), await person()]) {
      expect((await join(second(), who, run.id, { options: oat() })).statusCode).toBe(201);
    }
    expect((await send(first(), runner, 'POST', `/api/runs/${run.id}/close`)).statusCode).toBe(200);
    for (const status of ['in-progress', 'done']) {
      const moved = await send(second(), barista, 'PATCH', `/api/order/barista/run/${run.id}`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    for (const app of apps)
      expect(await read(app, run.id)).toMatchObject({ state: 'closed', ready: true, collected: false });
    const collected = await send(first(), runner, 'POST', `/api/runs/${run.id}/collect`);
    expect(collected.json<Run>()).toMatchObject({ collected: true, over: true, state: 'closed' });
    for (const app of apps) expect(await read(app, run.id)).toMatchObject({ state: 'closed', over: true });
  });

  it("tells the runner's phone on one process that the run is ready, as the counter on the other moves it", async () => {
    const runner = await person('Hal');
    const run = await startRun(first(), runner, local('12:15'), local('12:00'));
    for (const who of [await person(), await person()]) {
      expect((await join(second(), who, run.id, { options: oat() })).statusCode).toBe(201);
    }
    const port = (first().server.address() as AddressInfo).port;
    let hello: Promise<unknown> = Promise.resolve();
    const phone = await connectClient(
      `http://127.0.0.1:${port}`,
      await first().ctx.tokens.sign(runner.id, 'user'),
      undefined,
      (socket) => {
        hello = nextEvent(socket, 'hello');
      },
    );
    try {
      await hello;
      const heard = collect(phone, 'run');
      for (const status of ['in-progress', 'done']) {
        const moved = await send(second(), barista, 'PATCH', `/api/order/barista/run/${run.id}`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      await until(() => heard.some((r) => r.id === run.id && r.ready), "the run ready on the runner's phone");
      expect(heard.at(-1)).toMatchObject({ id: run.id, ready: true, collected: false });
    } finally {
      phone.disconnect();
    }
  });
});
