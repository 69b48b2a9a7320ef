import { SYSTEM_ACTOR_NAME, type CafeStatus, type Order, type ScheduledMode, type TimelineEntry } from '@cafe/shared';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT } from '../../db/system-account';
import { uploadImage } from '../../test-support/image-fixtures';
import { baristaPatch, cafeOrderBody, collect, placeOrder, seedMenu } from '../../test-support/order-fixtures';
import {
  FIRST_SITE_ID,
  connectClient,
  createTestApp,
  nextEvent,
  TestClock,
  type LiveClient,
  type TestApp,
} from '../../test-support/test-app';
import { insertPerson, startProcesses } from '../../test-support/processes';

/*
 * The opening hours run the shop by themselves (docs/decisions/0019-opening-hours.md). The tests
 * move the server's clock and call `runDue` as the timer of each process would, at the instants
 * they choose: no real time passes in a pass/fail check.
 */

/** Cafe-time instants of the week of Monday 16 November 2026 (Bangkok). */
const at = (day: number, time: string) => `2026-11-${day}T${time}:00+07:00`;
const MON = 16;
const TUE = 17;
const WED = 18;
const THU = 19;
const FRI = 20;
const SAT = 21;

const STATUS: Record<ScheduledMode, CafeStatus> = {
  'cafe-open': { isBarOpen: false, isCafeOpen: true },
  'bar-open': { isBarOpen: true, isCafeOpen: false },
  'close-both': { isBarOpen: false, isCafeOpen: false },
};

/**
 * A test app on `start`, whose tokens outlive the days a test walks through, and a barista at the
 * first site (a site that nobody runs never opens by its hours).
 */
async function openingHoursApp(start: string): Promise<TestApp> {
  const t = await createTestApp({ clockNow: start, env: { ACCESS_TOKEN_TTL: String(30 * 24 * 3600) } });
  await t.createUser({ role: 'barista' });
  return t;
}

function runDueAt(t: TestApp, instant: string) {
  t.clock.set(instant);
  return t.app.ctx.services.schedule.runDue(t.clock.now());
}

async function shopStatus(t: TestApp): Promise<CafeStatus> {
  return (await t.request('GET', '/api/cafe-status')).json<CafeStatus>();
}

async function systemAccountId(t: TestApp): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('users')
    .select(['id', 'is_available'])
    .where('email', '=', SYSTEM_ACCOUNT.email)
    .executeTakeFirstOrThrow();
  expect(row.is_available).toBe('unavailable');
  return row.id;
}

describe('opening hours: the shop follows the schedule', () => {
  let t: TestApp;
  let socket: LiveClient;
  let seen: CafeStatus[];

  beforeAll(async () => {
    t = await openingHoursApp(at(MON, '08:00'));
    socket = await connectClient(await t.listen());
    seen = collect(socket, 'cafe-status');
  });
  afterAll(async () => {
    socket.disconnect();
    await t.close();
  });

  it('opens and closes at each change of the week, as a barista would, with the cafe-status event', async () => {
    const system = await systemAccountId(t);
    const expectations: [string, ScheduledMode][] = [
      [at(MON, '09:00'), 'cafe-open'],
      [at(MON, '16:00'), 'close-both'],
      [at(TUE, '09:00'), 'cafe-open'],
      [at(TUE, '16:00'), 'close-both'],
      [at(FRI, '09:00'), 'cafe-open'],
      // The bar takes over from the cafe.
      [at(FRI, '15:00'), 'bar-open'],
      [at(FRI, '18:00'), 'close-both'],
    ];
    for (const [instant, mode] of expectations) {
      const event = nextEvent(socket, 'cafe-status');
      const report = await runDueAt(t, instant);
      expect(report.applied?.to, instant).toBe(mode);
      expect(report.applied?.at.toISOString()).toBe(new Date(instant).toISOString());
      expect(await event, instant).toEqual(STATUS[mode]);
      expect(await shopStatus(t), instant).toEqual(STATUS[mode]);
      const row = await t.app.ctx.db.selectFrom('sites').select('status_updated_by').executeTakeFirstOrThrow();
      expect(row.status_updated_by).toBe(system);
    }
  });

  it('makes each change once however often it runs', async () => {
    seen.length = 0;
    expect((await runDueAt(t, at(SAT, '10:00'))).applied).toBeNull();
    expect((await runDueAt(t, at(SAT, '10:00'))).applied).toBeNull();
    const first = await runDueAt(t, at(MON + 7, '09:00'));
    expect(first.applied?.to).toBe('cafe-open');
    const again = await runDueAt(t, at(MON + 7, '09:05'));
    expect(again).toEqual({
      applied: null,
      skipped: null,
      warned: [],
      sites: [{ siteId: FIRST_SITE_ID, applied: null, skipped: null, warned: [] }],
    });
    // Nothing but that one change was sent: a barista's change afterwards is the next event.
    const barista = await t.createUser({ role: 'barista' });
    const marker = nextEvent(socket, 'cafe-status');
    await t.request('PATCH', '/api/cafe-status/bar-open', barista);
    await marker;
    expect(seen).toEqual([STATUS['cafe-open'], STATUS['bar-open']]);
    const runs = await t.app.ctx.db
      .selectFrom('schedule_runs')
      .select('key')
      .where('key', '=', `change:${FIRST_SITE_ID}:${new Date(at(MON + 7, '09:00')).toISOString()}`)
      .execute();
    expect(runs).toHaveLength(1);
  });
});

describe('opening hours: people and the schedule', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("lets a barista's choice stand until the next scheduled change", async () => {
    t = await openingHoursApp(at(TUE, '08:00'));
    const barista = await t.createUser({ role: 'barista' });
    expect((await runDueAt(t, at(TUE, '09:00'))).applied?.to).toBe('cafe-open');

    // 10:30: the barista closes early. The schedule leaves it closed for the rest of the period...
    t.clock.set(at(TUE, '10:30'));
    expect((await t.request('PATCH', '/api/cafe-status/close-both', barista)).statusCode).toBe(200);
    expect((await runDueAt(t, at(TUE, '10:31'))).applied).toBeNull();
    expect((await runDueAt(t, at(TUE, '15:59'))).applied).toBeNull();
    expect(await shopStatus(t)).toEqual(STATUS['close-both']);
    // ...and the next change applies as usual.
    expect((await runDueAt(t, at(TUE, '16:00'))).applied?.to).toBe('close-both');
    expect((await runDueAt(t, at(WED, '09:00'))).applied?.to).toBe('cafe-open');

    // Opened by hand on a Saturday (Friday's close, missed while nothing ran, is made first): open
    // until Monday's opening, the next change.
    expect((await runDueAt(t, at(SAT, '10:00'))).applied).toMatchObject({ to: 'close-both', from: 'bar-open' });
    t.clock.set(at(SAT, '10:00'));
    await t.request('PATCH', '/api/cafe-status/cafe-open', barista);
    expect((await runDueAt(t, at(SAT + 1, '12:00'))).applied).toBeNull();
    expect(await shopStatus(t)).toEqual(STATUS['cafe-open']);
  });

  it('after a restart in the middle of a period, makes the change it missed, unless a person chose since', async () => {
    // A process that was not running at 9:00 (a fresh database: nobody has set the status).
    t = await openingHoursApp(at(TUE, '10:30'));
    const late = await runDueAt(t, at(TUE, '10:30'));
    expect(late.applied).toMatchObject({ to: 'cafe-open', at: new Date(at(TUE, '09:00')) });
    expect(await shopStatus(t)).toEqual(STATUS['cafe-open']);
    await t.close();

    // The same, but a barista set the shop status after 9:00 (on another process, say).
    t = await openingHoursApp(at(TUE, '10:00'));
    const barista = await t.createUser({ role: 'barista' });
    await t.request('PATCH', '/api/cafe-status/bar-open', barista);
    const skipped = await runDueAt(t, at(TUE, '10:30'));
    expect(skipped.applied).toBeNull();
    expect(skipped.skipped?.to).toBe('cafe-open');
    expect(await shopStatus(t)).toEqual(STATUS['bar-open']);
    expect((await runDueAt(t, at(TUE, '10:31'))).skipped).toBeNull();
  });

  it('keeps both venues closed on a closed day', async () => {
    t = await openingHoursApp(at(TUE, '08:00'));
    const barista = await t.createUser({ role: 'barista' });
    const added = await t.request('POST', '/api/schedule/closed-days', barista, { day: '2026-11-18', note: 'Holiday' });
    expect(added.statusCode).toBe(201);
    expect((await runDueAt(t, at(TUE, '09:00'))).applied?.to).toBe('cafe-open');
    expect((await runDueAt(t, at(TUE, '16:00'))).applied?.to).toBe('close-both');
    // Wednesday: no change at all, the shop stays closed.
    for (const time of ['09:00', '12:00', '16:00']) expect((await runDueAt(t, at(WED, time))).applied).toBeNull();
    expect(await shopStatus(t)).toEqual(STATUS['close-both']);
    expect((await runDueAt(t, at(THU, '09:00'))).applied?.to).toBe('cafe-open');
  });

  it('takes an edit from the next change on, without moving the shop by itself', async () => {
    t = await openingHoursApp(at(TUE, '08:00'));
    const barista = await t.createUser({ role: 'barista' });
    expect((await runDueAt(t, at(TUE, '09:00'))).applied?.to).toBe('cafe-open');
    // At 11:00 Tuesday's hours become 9:00-10:00: the cafe stays open now...
    t.clock.set(at(TUE, '11:00'));
    const edited = await t.request('PUT', '/api/schedule/weekly', barista, {
      weekly: [
        { venue: 'cafe', weekday: 2, opens: '09:00', closes: '10:00' },
        { venue: 'cafe', weekday: 3, opens: '08:00', closes: '12:00' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect((await runDueAt(t, at(TUE, '11:01'))).applied).toBeNull();
    expect(await shopStatus(t)).toEqual(STATUS['cafe-open']);
    // ...and the new hours apply from the next change.
    expect((await runDueAt(t, at(WED, '08:00'))).applied?.to).toBe('cafe-open');
    expect((await runDueAt(t, at(WED, '12:00'))).applied?.to).toBe('close-both');
  });
});

describe('opening hours: closing time', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('warns everyone once, ten minutes before a venue closes', async () => {
    t = await openingHoursApp(at(TUE, '08:00'));
    const socket = await connectClient(await t.listen());
    try {
      const warnings = collect(socket, 'closing-soon');
      await runDueAt(t, at(TUE, '09:00'));
      expect((await runDueAt(t, at(TUE, '15:49'))).warned).toEqual([]);
      const event = nextEvent(socket, 'closing-soon');
      const report = await runDueAt(t, at(TUE, '15:50'));
      const expected = { venue: 'cafe', at: new Date(at(TUE, '16:00')).toISOString() };
      expect(report.warned).toEqual([expected]);
      expect(await event).toEqual(expected);
      expect((await runDueAt(t, at(TUE, '15:55'))).warned).toEqual([]);
      // Friday: the cafe closes at 15:00 when the bar opens, the bar at 18:00.
      await runDueAt(t, at(FRI, '09:00'));
      const cafeClosing = nextEvent(socket, 'closing-soon');
      expect((await runDueAt(t, at(FRI, '14:50'))).warned).toEqual([
        { venue: 'cafe', at: new Date(at(FRI, '15:00')).toISOString() },
      ]);
      await cafeClosing;
      await runDueAt(t, at(FRI, '15:00'));
      const barClosing = nextEvent(socket, 'closing-soon');
      expect((await runDueAt(t, at(FRI, '17:52'))).warned).toEqual([
        { venue: 'bar', at: new Date(at(FRI, '18:00')).toISOString() },
      ]);
      await barClosing;
      // Each warning reached the socket once: the next one is the next event.
      const last = nextEvent(socket, 'closing-soon');
      await runDueAt(t, at(MON + 7, '15:50'));
      await last;
      expect(warnings.map((w) => w.at)).toEqual(
        [at(TUE, '16:00'), at(FRI, '15:00'), at(FRI, '18:00'), at(MON + 7, '16:00')].map((i) =>
          new Date(i).toISOString(),
        ),
      );
    } finally {
      socket.disconnect();
    }
  });

  it('rejects the orders still waiting at closing time with "The shop is closing"; drinks in progress stay', async () => {
    t = await openingHoursApp(at(TUE, '08:00'));
    const menu = await seedMenu(t);
    expect((await runDueAt(t, at(TUE, '09:00'))).applied?.to).toBe('cafe-open');
    t.clock.set(at(TUE, '15:30'));
    const barista = await t.createUser({ role: 'barista' });
    const [ann, bob] = [await t.createUser({ name: 'Ann' }), await t.createUser({ name: 'Bob' })];
    const image = await uploadImage(t, ann);
    const waiting = (await placeOrder(t, ann, cafeOrderBody(menu.latte, image))).json<Order>();
    const making = (await placeOrder(t, bob, cafeOrderBody(menu.thaiTea, image))).json<Order>();
    expect((await baristaPatch(t, barista, making.id, { status: 'in-progress' })).statusCode).toBe(200);

    const socket = await connectClient(await t.listen(), ann.token);
    try {
      const event = nextEvent(socket, 'orders');
      const report = await runDueAt(t, at(TUE, '16:00'));
      expect(report.applied?.to).toBe('close-both');
      expect(await event).toMatchObject({ id: waiting.id, status: 'rejected', from: 'ordered' });
    } finally {
      socket.disconnect();
    }

    const read = async (id: number) => (await t.request('GET', `/api/order/${id}`, barista)).json<Order>();
    expect(await read(waiting.id)).toMatchObject({ status: 'rejected', rejectNote: 'The shop is closing' });
    expect(await read(making.id)).toMatchObject({ status: 'in-progress', rejectNote: '' });
    const history = await t.app.ctx.db
      .selectFrom('order_status_history')
      .select(['changed_by', 'note'])
      .where('order_id', '=', waiting.id)
      .where('to_status', '=', 'rejected')
      .execute();
    expect(history).toEqual([{ changed_by: await systemAccountId(t), note: 'The shop is closing' }]);
    // The timeline names who rejected it as the cafe timer.
    const timeline = (await t.request('GET', `/api/order/${waiting.id}/timeline`, barista)).json<TimelineEntry[]>();
    expect(timeline.at(-1)).toEqual(
      expect.objectContaining({
        status: 'rejected',
        by: { id: await systemAccountId(t), name: SYSTEM_ACTOR_NAME, system: true },
      }),
    );
    // The drink in progress is finished as usual after the close.
    expect((await baristaPatch(t, barista, making.id, { status: 'done' })).statusCode).toBe(200);
  });
});

/**
 * Two server processes on one PostgreSQL database, each running the opening hours at the same
 * instant: every change and warning happens once. PostgreSQL only (SQLite is one process).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('opening hours with two server processes', () => {
  let apps: FastifyInstance[] = [];
  const clock = new TestClock(at(TUE, '08:00'));
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ apps, stop } = await startProcesses(2, 'cafe_hours', {
      env: { OPENING_HOURS: 'off', ACCESS_TOKEN_TTL: String(30 * 24 * 3600) },
      clock,
    }));
    // A barista works at the first site (a site nobody runs never opens by its hours).
    await insertPerson(apps, { name: 'Bea', role: 'barista', at: clock.now().toISOString() });
  });

  afterAll(async () => {
    await stop?.();
  });

  const both = (instant: string) => {
    clock.set(instant);
    const now = clock.now();
    return Promise.all(apps.map((app) => app.ctx.services.schedule.runDue(now)));
  };

  it('applies each change, sends each warning and rejects each waiting order once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const port = (first.server.address() as AddressInfo).port;
    const client = await connectClient(`http://127.0.0.1:${port}`);
    try {
      const statuses = collect(client, 'cafe-status');
      const warnings = collect(client, 'closing-soon');

      const opened = nextEvent(client, 'cafe-status');
      const openings = await both(at(TUE, '09:00'));
      expect(openings.filter((r) => r.applied).map((r) => r.applied?.to)).toEqual(['cafe-open']);
      await opened;

      const db = first.ctx.db;
      const now = clock.now().toISOString();
      const userRow = await insertPerson(apps, { name: 'Nok', role: 'user', at: now });
      const category = await db
        .insertInto('categories')
        .values({
          name: 'Coffee',
          category_for: 'cafe',
          is_available: 'available',
          sort_order: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = await db
        .insertInto('menu_items')
        .values({
          category_id: category.id,
          name: 'Latte',
          description: '-',
          is_active: 'active',
          is_available: 'available',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A waiting order, written as placing it saves it (the rules of placing are not the point here).
      const order = await db
        .insertInto('orders')
        .values({
          user_id: userRow.id,
          menu_id: item.id,
          category_for: 'cafe',
          cafe_day: '2026-11-17',
          cafe_hour: 15,
          status: 'ordered',
          type: 'hot',
          sweetness: 50,
          remark: '-',
          tumbler_image: '/api/images/x.webp',
          reject_note: '',
          order_date: now,
          updated_at: now,
          idempotency_key: null,
          idempotency_fingerprint: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderId = order.id;

      const warned = nextEvent(client, 'closing-soon');
      const warningRuns = await both(at(TUE, '15:50'));
      expect(warningRuns.flatMap((r) => r.warned)).toHaveLength(1);
      await warned;

      const closed = nextEvent(client, 'cafe-status');
      const closings = await both(at(TUE, '16:00'));
      expect(closings.filter((r) => r.applied)).toHaveLength(1);
      expect(await closed).toEqual(STATUS['close-both']);

      const rejections = await db
        .selectFrom('order_status_history')
        .select('id')
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'rejected')
        .execute();
      expect(rejections).toHaveLength(1);
      const runs = await db.selectFrom('schedule_runs').select(['key', 'outcome']).orderBy('key').execute();
      expect(runs).toEqual([
        { key: `change:${FIRST_SITE_ID}:${new Date(at(TUE, '09:00')).toISOString()}`, outcome: 'applied' },
        { key: `change:${FIRST_SITE_ID}:${new Date(at(TUE, '16:00')).toISOString()}`, outcome: 'applied' },
        { key: `warning:${FIRST_SITE_ID}:cafe:${new Date(at(TUE, '16:00')).toISOString()}`, outcome: 'sent' },
      ]);

      // Later runs of both find nothing left to do.
      expect((await both(at(TUE, '19:00'))).every((r) => r.applied === null && r.skipped === null)).toBe(true);

      // Every event reached the client once, whichever process sent it: the next one marks the end.
      const marker = nextEvent(client, 'cafe-status');
      await second.ctx.services.shopStatus.set(FIRST_SITE_ID, 'bar-open', userRow.id);
      await marker;
      expect(statuses).toEqual([STATUS['cafe-open'], STATUS['close-both'], STATUS['bar-open']]);
      expect(warnings).toEqual([{ venue: 'cafe', at: new Date(at(TUE, '16:00')).toISOString() }]);
    } finally {
      client.disconnect();
    }
  });
});
