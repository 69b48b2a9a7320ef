import { describe, expect, it } from 'vitest';
import { applyQueueEvent, estimateWaitMinutes, numberQueue, type QueuedOrder, type QueueEvent } from '../src';

let nextId = 1;
function order(fields: Partial<QueuedOrder> & { minute: number; venue?: 'cafe' | 'bar' }): QueuedOrder {
  const { minute, venue = 'cafe', ...rest } = fields;
  const at = new Date(Date.UTC(2026, 10, 18, 3, minute)).toISOString();
  return {
    id: nextId++,
    status: 'ordered',
    orderDate: at,
    updatedAt: at,
    type: 'hot',
    sweetness: 50,
    remark: '-',
    tumblerImage: '/api/images/x.webp',
    rejectNote: '',
    menu: { id: 1, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: venue } },
    user: { id: 1, name: 'Ann' },
    site: { id: 1, name: 'Head office' },
    queue_at: null,
    estimatedWaitMinutes: null,
    ...rest,
  };
}

describe('the queue on a screen', () => {
  it('moves up only the orders behind the one that left, with the new estimate', () => {
    const left = order({ minute: 5 });
    const ahead = order({ minute: 1, queue_at: 1, estimatedWaitMinutes: 6 });
    const behind = order({ minute: 9, queue_at: 3, estimatedWaitMinutes: 9 });
    const otherVenue = order({ minute: 9, venue: 'bar', queue_at: 2, estimatedWaitMinutes: 6 });
    const done = order({ minute: 8, status: 'done' });
    // The same person waits at another site too: that queue did not move.
    const otherSite = {
      ...order({ minute: 9, queue_at: 3, estimatedWaitMinutes: 9 }),
      site: { id: 2, name: 'Tower B' },
    };
    const event: QueueEvent = {
      siteId: 1,
      categoryFor: 'cafe',
      day: '2026-11-18',
      left: { id: left.id, orderDate: left.orderDate },
      joined: null,
      wait: { secondsPerOrder: 120, inProgress: 1 },
    };
    const [a, b, c, d, e] = applyQueueEvent([ahead, behind, otherVenue, done, otherSite], event);
    expect(a).toMatchObject({ queue_at: 1, estimatedWaitMinutes: 4 });
    expect(b).toMatchObject({ queue_at: 2, estimatedWaitMinutes: 6 });
    expect(c).toBe(otherVenue);
    expect(d).toBe(done);
    expect(e).toBe(otherSite);
    expect(estimateWaitMinutes(event.wait, 1)).toBe(6);
  });

  it("counts each move of a second that was made after the order's place was counted, once", () => {
    const first = order({ minute: 1 });
    const second = order({ minute: 2 });
    // Read at 03:10 (My orders): the move at 03:09 is in its place already, the one at 03:11 is not.
    const read = order({ minute: 5, queue_at: 4, placeAsOf: '2026-11-18T03:10:00.000Z' });
    // Placed at 03:10:30 (its answer): the same.
    const placed = { ...order({ minute: 5 }), orderDate: '2026-11-18T03:10:30.000Z', queue_at: 4 };
    // Placed at 03:05, before both moves (an answer without the time of its place: its orderDate).
    const old = order({ minute: 5, queue_at: 4 });
    const event: QueueEvent = {
      siteId: 1,
      categoryFor: 'cafe',
      day: '2026-11-18',
      left: null,
      joined: null,
      wait: { secondsPerOrder: 120, inProgress: 1 },
      moves: [
        { left: { id: first.id, orderDate: first.orderDate }, joined: null, at: '2026-11-18T03:09:00.000Z' },
        { left: { id: second.id, orderDate: second.orderDate }, joined: null, at: '2026-11-18T03:11:00.000Z' },
      ],
    };
    const [r, p, o] = applyQueueEvent([read, placed, old], event);
    expect(r).toMatchObject({ queue_at: 3, estimatedWaitMinutes: estimateWaitMinutes(event.wait, 2) });
    expect(p).toMatchObject({ queue_at: 3 });
    expect(o).toMatchObject({ queue_at: 2 });
  });

  it("numbers the board's waiting orders per venue in queue order, leaving the rest without a place", () => {
    const first = order({ minute: 2 });
    const second = order({ minute: 4 });
    const bar = order({ minute: 3, venue: 'bar' });
    const making = order({ minute: 1, status: 'in-progress', queue_at: 1, estimatedWaitMinutes: 3 });
    const yesterday = order({ minute: 0 });
    const numbered = numberQueue([second, making, first, bar, yesterday], (o) => o !== yesterday, {
      cafe: { secondsPerOrder: 60, inProgress: 1 },
    });
    expect(numbered.map((o) => [o.id, o.queue_at, o.estimatedWaitMinutes])).toEqual([
      [second.id, 2, 3],
      [making.id, null, null],
      [first.id, 1, 2],
      [bar.id, 1, null],
      [yesterday.id, null, null],
    ]);
  });

  it('numbers a long line by the line model as estimateWaitMinutes would at each place, for 0, 1, 5, 15 and 40 orders', () => {
    const wait = {
      secondsPerOrder: 180,
      inProgress: 1,
      baristas: 2,
      making: [{ seconds: 200, takenAt: new Date(Date.UTC(2026, 10, 18, 3, 0)).toISOString() }],
      line: Array.from({ length: 30 }, (_, i) => 60 + ((i * 37) % 200)),
      itemSeconds: { '1': 45, '2': 240 },
      asOf: new Date(Date.UTC(2026, 10, 18, 3, 1)).toISOString(),
    };
    for (const count of [0, 1, 5, 15, 40]) {
      const line = Array.from({ length: count }, (_, i) => {
        const o = order({ minute: 10 + i });
        return { ...o, menu: { ...o.menu, id: 1 + (i % 3) } };
      });
      const numbered = numberQueue([...line].reverse(), () => true, { cafe: wait });
      const byId = new Map(numbered.map((o) => [o.id, o]));
      line.forEach((o, ahead) =>
        expect(byId.get(o.id), `${count} orders, place ${ahead + 1}`).toMatchObject({
          queue_at: ahead + 1,
          estimatedWaitMinutes: estimateWaitMinutes(wait, ahead, { menuId: o.menu.id }),
        }),
      );
    }
  });
});
