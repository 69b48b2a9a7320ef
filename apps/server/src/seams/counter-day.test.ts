import {
  SYSTEM_ACTOR_NAME,
  TIMELINE_NOTES,
  type AuditEntry,
  TUMBLER_NOT_FOUND_NOTE,
  type Order,
  type QueuedOrder,
  type SlotList,
  type TimelineEntry,
} from '@cafe/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderMove } from '../lib/domain-events';
import { baristaPatch, ownerPatch } from '../test-support/order-fixtures';
import { FIRST_SITE_ID, connectClient, nextEvent, type TestUser } from '../test-support/test-app';
import { TUESDAY, openOffice, type Office } from './office-fixtures';

const MINUTE = 60_000;
/** TUESDAY is 15:00 in Bangkok; the cafe closes at 16:00. The 15:45 slot. */
const SLOT_1545 = '2026-03-03T08:45:00.000Z';

/**
 * The counter's day (issue 30): the tumbler rule, drinks handed over, reminded of and not
 * collected, and an order for later that joins the line in time — on a test clock, with the
 * timers run as every process runs them.
 */
describe("the counter's day", () => {
  let office: Office;
  let moves: OrderMove[];

  const t = () => office.t;
  const at = (ms: number) => t().clock.set(new Date(Date.parse(TUESDAY) + ms).toISOString());
  const timers = () => t().app.ctx.services.orders.counterDue(t().clock.now());
  const tumbler = (who: TestUser, id: number, missing: boolean) =>
    t().request('POST', `/api/order/barista/${id}/tumbler`, who, { missing });
  const read = async (id: number) => (await t().request('GET', `/api/order/${id}`, office.admin)).json<Order>();
  const timeline = async (id: number) =>
    (await t().request('GET', `/api/order/${id}/timeline`, office.admin)).json<TimelineEntry[]>();
  const finish = async (id: number) => {
    expect((await baristaPatch(t(), office.headBarista, id, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await baristaPatch(t(), office.headBarista, id, { status: 'done' })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    office = await openOffice();
    moves = [];
    // What the outbox is asked to tell an order's owner (its channels follow this event).
    t().app.ctx.domainEvents.within('order.moving', (_trx, move) => {
      moves.push(move);
      return Promise.resolve();
    });
  });
  afterAll(() => office.t.close());
  beforeEach(async () => {
    at(0);
    moves.length = 0;
    // Each test starts with an empty counter.
    const { db, bus } = t().app.ctx;
    await db.deleteFrom('order_status_history').execute();
    await db.deleteFrom('order_options').execute();
    await db.deleteFrom('notification_outbox').execute();
    await db.deleteFrom('orders').execute();
    bus.resync();
  });

  describe('the tumbler rule', () => {
    it('tells the owner at once with the deadline, and cancels the order when the grace time runs out', async () => {
      const owner = await t().createUser();
      const order = await office.placed(owner);
      const base = await t().listen();
      const phone = await connectClient(base, owner.token);
      try {
        const heard = nextEvent(phone, 'orders');
        const marked = await tumbler(office.headBarista, order.id, true);
        expect(marked.statusCode, marked.body).toBe(200);
        const deadline = new Date(Date.parse(TUESDAY) + 5 * MINUTE).toISOString();
        expect(marked.json<Order>().tumblerMissing).toEqual({ since: TUESDAY, deadline });
        expect((await heard).order.tumblerMissing).toEqual({ since: TUESDAY, deadline });
      } finally {
        phone.disconnect();
      }
      expect(moves).toMatchObject([
        { userId: owner.id, notice: 'tumbler-missing', order: { tumblerDeadline: deadline() } },
      ]);
      const audit = await t().request('GET', '/api/audit?action=order.tumbler', office.admin);
      expect(audit.json<{ entries: unknown[] }>().entries).toContainEqual(
        expect.objectContaining({
          action: 'order.tumbler',
          before: { tumbler: 'here' },
          after: { tumbler: 'not here' },
        }),
      );

      // 4:59 later nothing happens; at 5:00 it is cancelled with the reason, and the day's allowance is back.
      at(5 * MINUTE - 1000);
      expect((await timers()).expired).toBe(0);
      expect((await read(order.id)).status).toBe('ordered');
      at(5 * MINUTE);
      expect((await timers()).expired).toBe(1);
      expect(await read(order.id)).toMatchObject({ status: 'rejected', rejectNote: TUMBLER_NOT_FOUND_NOTE });
      expect((await read(order.id)).tumblerMissing).toBeUndefined();
      const count = await t().request('GET', '/api/order/count/user', owner);
      expect(count.json()).toEqual({ totalOrder: 0 });
      expect((await timeline(order.id)).map((e) => [e.status, e.note])).toEqual([
        ['ordered', null],
        ['ordered', TIMELINE_NOTES.tumblerMissing],
        ['rejected', TUMBLER_NOT_FOUND_NOTE],
      ]);
      // A second run (another process) finds nothing more to do.
      expect((await timers()).expired).toBe(0);
    });

    it('keeps the order when the barista marks the tumbler found, and undoes a mark', async () => {
      const order = await office.placed(await t().createUser());
      expect((await tumbler(office.headBarista, order.id, true)).statusCode).toBe(200);
      const found = await tumbler(office.headBarista, order.id, false);
      expect(found.json<Order>().tumblerMissing).toBeUndefined();
      at(10 * MINUTE);
      expect((await timers()).expired).toBe(0);
      expect((await read(order.id)).status).toBe('ordered');

      at(11 * MINUTE);
      expect((await tumbler(office.headBarista, order.id, true)).statusCode).toBe(200);
      const undone = await t().request('POST', `/api/order/barista/${order.id}/undo`, office.headBarista);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json<Order>().tumblerMissing).toBeUndefined();
      at(20 * MINUTE);
      expect((await timers()).expired).toBe(0);
      expect((await timeline(order.id)).map((e) => e.note)).toEqual([
        null,
        TIMELINE_NOTES.tumblerMissing,
        TIMELINE_NOTES.tumblerFound,
        TIMELINE_NOTES.tumblerMissing,
        'undo',
      ]);
    });

    it('is for the baristas of the order site and admins; only an order still to be made', async () => {
      const owner = await t().createUser();
      const order = await office.placed(owner);
      expect((await tumbler(owner, order.id, true)).statusCode).toBe(403);
      expect((await tumbler(office.towerBarista, order.id, true)).statusCode).toBe(403);
      expect(
        (await t().request('POST', `/api/order/barista/${order.id}/tumbler`, undefined, { missing: true })).statusCode,
      ).toBe(401);
      expect((await tumbler(office.headBarista, order.id, 'yes' as unknown as boolean)).statusCode).toBe(400);
      expect((await tumbler(office.headBarista, 999_999, true)).statusCode).toBe(404);
      expect((await tumbler(office.admin, order.id, true)).statusCode).toBe(200);
      expect((await read(order.id)).tumblerMissing).toBeDefined();
      await finish(order.id);
      // Finished: the mark ended with it, and a finished drink's tumbler cannot be marked.
      expect((await read(order.id)).tumblerMissing).toBeUndefined();
      const late = await tumbler(office.headBarista, order.id, true);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
      // A walk-up order has no tumbler at the counter to look for.
      const walkUp = await t().request('POST', '/api/order/walk-up', office.headBarista, {
        menu_id: office.menu.latte,
        type: 'hot',
        sweetness: 50,
        guestName: 'Guest',
      });
      expect(walkUp.statusCode, walkUp.body).toBe(201);
      const none = await tumbler(office.headBarista, walkUp.json<Order>().id, true);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'NO_TUMBLER', messageId: 'people.refusal.noTumbler' });
    });

    it('follows the site setting, and two timers at once cancel once', async () => {
      expect(
        (await t().request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, office.headBarista, { tumblerGraceMinutes: 2 }))
          .statusCode,
      ).toBe(200);
      try {
        const order = await office.placed(await t().createUser());
        expect((await tumbler(office.headBarista, order.id, true)).json<Order>().tumblerMissing?.deadline).toBe(
          new Date(Date.parse(TUESDAY) + 2 * MINUTE).toISOString(),
        );
        at(2 * MINUTE);
        const [a, b] = await Promise.all([timers(), timers()]);
        expect(a.expired + b.expired).toBe(1);
        expect((await timeline(order.id)).filter((e) => e.status === 'rejected')).toHaveLength(1);
      } finally {
        await t().request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, office.headBarista, { tumblerGraceMinutes: 5 });
      }
    });

    it('keeps the deadline the owner was told when the grace is shortened after the mark; later marks take the new grace', async () => {
      const owner = await t().createUser();
      const told = await office.placed(owner);
      expect((await tumbler(office.headBarista, told.id, true)).statusCode).toBe(200);
      const deadline = new Date(Date.parse(TUESDAY) + 5 * MINUTE).toISOString();
      expect(moves).toMatchObject([{ notice: 'tumbler-missing', order: { tumblerDeadline: deadline } }]);
      at(MINUTE - 1000);
      expect(
        (await t().request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, office.headBarista, { tumblerGraceMinutes: 1 }))
          .statusCode,
      ).toBe(200);
      try {
        // The mark was told "bring it by 5 minutes from now": the new grace does not move it.
        expect((await read(told.id)).tumblerMissing).toEqual({ since: TUESDAY, deadline });
        at(MINUTE + 46_000);
        expect((await timers()).expired).toBe(0);
        expect((await read(told.id)).status).toBe('ordered');

        // A tumbler marked after the change has the new grace.
        const later = await office.placed(await t().createUser());
        expect((await tumbler(office.headBarista, later.id, true)).json<Order>().tumblerMissing?.deadline).toBe(
          new Date(Date.parse(TUESDAY) + 2 * MINUTE + 46_000).toISOString(),
        );
        at(5 * MINUTE - 1000);
        expect((await timers()).expired).toBe(1);
        expect((await read(later.id)).status).toBe('rejected');
        expect((await read(told.id)).status).toBe('ordered');
        at(5 * MINUTE);
        expect((await timers()).expired).toBe(1);
        expect(await read(told.id)).toMatchObject({ status: 'rejected', rejectNote: TUMBLER_NOT_FOUND_NOTE });
      } finally {
        await t().request('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, office.headBarista, { tumblerGraceMinutes: 5 });
      }
    });
  });

  describe('ready, not collected', () => {
    it('hands a finished drink over, and the undo puts it back on the counter', async () => {
      const order = await office.placed(await t().createUser());
      await finish(order.id);
      expect((await read(order.id)).doneAt).toBe(TUESDAY);
      const handed = await baristaPatch(t(), office.headBarista, order.id, { status: 'picked' });
      expect(handed.statusCode).toBe(200);
      expect(handed.json<Order>().status).toBe('picked');
      const undone = await t().request('POST', `/api/order/barista/${order.id}/undo`, office.headBarista);
      expect(undone.json<Order>().status).toBe('done');
      expect((await baristaPatch(t(), office.towerBarista, order.id, { status: 'picked' })).statusCode).toBe(403);
    });

    it("does not let a barista undo the owner's own pick-up", async () => {
      const owner = await t().createUser();
      const order = await office.placed(owner);
      await finish(order.id);
      expect((await ownerPatch(t(), owner, order.id, 'picked')).statusCode).toBe(200);
      const undo = await t().request('POST', `/api/order/barista/${order.id}/undo`, office.headBarista);
      expect(undo.statusCode).toBe(409);
    });

    it('reminds the owner once after the site time, and lets the barista mark it not collected after the longer one', async () => {
      const owner = await t().createUser();
      const order = await office.placed(owner);
      await finish(order.id);
      moves.length = 0;
      at(10 * MINUTE - 1000);
      expect((await timers()).reminded).toBe(0);
      at(10 * MINUTE);
      expect((await timers()).reminded).toBe(1);
      expect((await timers()).reminded).toBe(0);
      expect(moves).toMatchObject([{ userId: owner.id, notice: 'reminder', order: { orderId: order.id } }]);
      expect((await read(order.id)).remindedAt).toBe(new Date(Date.parse(TUESDAY) + 10 * MINUTE).toISOString());

      const early = await baristaPatch(t(), office.headBarista, order.id, { status: 'uncollected' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'NOT_YET_UNCOLLECTED' });
      at(30 * MINUTE);
      const marked = await baristaPatch(t(), office.headBarista, order.id, { status: 'uncollected' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json<Order>().status).toBe('uncollected');
      // The owner can no longer pick it up; it counts toward the day (the drink was made).
      expect((await ownerPatch(t(), owner, order.id, 'picked')).statusCode).toBe(409);
      expect((await t().request('GET', '/api/order/count/user', owner)).json()).toEqual({ totalOrder: 1 });
      expect((await timeline(order.id)).map((e) => [e.status, e.note])).toEqual([
        ['ordered', null],
        ['in-progress', null],
        ['done', null],
        ['done', TIMELINE_NOTES.reminded],
        ['uncollected', null],
      ]);
      const history = (await t().request('GET', '/api/order/history/user', owner)).json<Order[]>();
      expect(history.find((o) => o.id === order.id)?.status).toBe('uncollected');
      // The audit log keeps the barista's judgement.
      const audit = await t().request('GET', '/api/audit?action=order', office.admin);
      expect(audit.statusCode, audit.body).toBe(200);
      const entry = audit
        .json<{ entries: AuditEntry[] }>()
        .entries.find((e) => e.action === 'order.uncollected' && e.target.id === String(order.id));
      expect(entry).toMatchObject({
        actor: { id: office.headBarista.id, name: 'Hana' },
        target: { type: 'order' },
        before: { status: 'done' },
        after: { status: 'uncollected' },
      });
    });
  });

  describe('ready at the time asked', () => {
    it('joins the line when the line and the drink take until its pickup time, ahead of orders placed after', async () => {
      // Ten drinks wait; the counter's pace is the default 3 minutes a drink.
      for (let i = 0; i < 10; i += 1) await office.placed(await t().createUser());
      const person = await t().createUser();
      // The 15:45 slot can still be met (11 x 3 minutes from now is 15:33).
      const slots = (await t().request('GET', `/api/sites/${FIRST_SITE_ID}/slots`)).json<SlotList>();
      const slot = slots.slots.find((s) => s.start === SLOT_1545);
      expect(slot).toBeDefined();
      expect(slot?.readyAt).toBeUndefined();
      const later = await office.placed(person, { pickupAt: SLOT_1545 });
      expect(later.status).toBe('scheduled');
      const mine = (await t().request('GET', '/api/order/my-queue', person)).json<QueuedOrder[]>();
      expect(mine[0]).toMatchObject({ id: later.id, estimatedReadyAt: SLOT_1545 });

      // Released at 15:45 - 11 x 3 minutes = 15:12, not 3 minutes before its time.
      at(12 * MINUTE - 1000);
      expect((await t().app.ctx.services.orders.releaseDue(t().clock.now())).released).toBe(0);
      at(12 * MINUTE);
      expect((await t().app.ctx.services.orders.releaseDue(t().clock.now())).released).toBe(1);
      const after = await office.placed(await t().createUser());
      const board = (await t().request('GET', '/api/order?status=ordered', office.admin)).json<QueuedOrder[]>();
      const place = (id: number) => board.find((o) => o.id === id)?.queue_at;
      expect(place(later.id)).toBe(11);
      expect(place(after.id)).toBe(12);
    });

    it('names the cafe timer, not the opening hours, for the moves the cafe makes by itself', async () => {
      const cafeTimer = { name: SYSTEM_ACTOR_NAME, system: true };
      // An order for later released when due, finished, and reminded of.
      const later = await office.placed(await t().createUser(), { pickupAt: SLOT_1545 });
      at(45 * MINUTE);
      expect((await t().app.ctx.services.orders.releaseDue(t().clock.now())).released).toBe(1);
      await finish(later.id);
      at(55 * MINUTE);
      expect((await timers()).reminded).toBe(1);
      // A tumbler nobody brought.
      const cancelled = await office.placed(await t().createUser());
      expect((await tumbler(office.headBarista, cancelled.id, true)).statusCode).toBe(200);
      at(60 * MINUTE);
      expect((await timers()).expired).toBe(1);

      const by = (entries: TimelineEntry[]) => entries.map((e) => [e.status, e.note, e.by]);
      const laterEntries = by(await timeline(later.id));
      expect(laterEntries).toContainEqual(['ordered', 'due', expect.objectContaining(cafeTimer)]);
      expect(laterEntries).toContainEqual(['done', TIMELINE_NOTES.reminded, expect.objectContaining(cafeTimer)]);
      expect(by(await timeline(cancelled.id)).at(-1)).toEqual([
        'rejected',
        TUMBLER_NOT_FOUND_NOTE,
        expect.objectContaining(cafeTimer),
      ]);
      // A person's move is named by the person, with no system mark.
      const taken = (await timeline(later.id)).find((e) => e.status === 'in-progress');
      expect(taken?.by).toEqual({ id: office.headBarista.id, name: 'Hana' });
    });

    it('tells the honest time of a slot the line cannot meet', async () => {
      for (let i = 0; i < 15; i += 1) await office.placed(await t().createUser());
      // 16 x 3 minutes from 15:00 is 15:48: the 15:15 slot (the first the lead time allows) cannot be met.
      const slots = (await t().request('GET', `/api/sites/${FIRST_SITE_ID}/slots`)).json<SlotList>();
      const first = slots.slots[0];
      expect(first?.start).toBe('2026-03-03T08:15:00.000Z');
      expect(Date.parse(first?.readyAt ?? '')).toBeGreaterThan(Date.parse(first?.start ?? ''));
    });
  });
});

function deadline(): string {
  return new Date(Date.parse(TUESDAY) + 5 * MINUTE).toISOString();
}
