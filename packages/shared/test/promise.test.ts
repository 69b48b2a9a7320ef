import { describe, expect, it } from 'vitest';
import {
  applyQueueEvent,
  atCapacity,
  estimateWaitMinutes,
  fireTime,
  lineReadySeconds,
  paceReadySeconds,
  readySeconds,
  readySecondsAlong,
  workSecondsPerBarista,
  type QueuedOrder,
  type QueueEvent,
  type WaitInputs,
} from '../src';

const NOW = new Date('2026-11-18T03:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
/** The line model's inputs: nothing measured (every drink the pace, 180 s), one barista, nothing ahead, unless given. */
const line = (fields: Partial<WaitInputs> = {}): WaitInputs => ({
  secondsPerOrder: 180,
  inProgress: fields.making?.length ?? 0,
  baristas: 1,
  making: [],
  line: [],
  itemSeconds: {},
  asOf: NOW.toISOString(),
  ...fields,
});

describe('the promise: the line model', () => {
  it('one barista: the drinks ahead one after another, then the drink itself, each with its own time', () => {
    const wait = line({ line: [60, 90], itemSeconds: { '7': 120 } });
    expect(lineReadySeconds(wait, 0, { now: NOW, menuId: 7 })).toBe(120);
    expect(lineReadySeconds(wait, 2, { now: NOW, menuId: 7 })).toBe(60 + 90 + 120);
    expect(estimateWaitMinutes(wait, 2, { now: NOW, menuId: 7 })).toBe(5);
  });

  it('two baristas: each drink goes to the barista free first', () => {
    const wait = line({ baristas: 2, line: [120, 120, 120], itemSeconds: { '1': 120 } });
    // 120 and 120 start at once; the third after the first; the drink itself after the second.
    expect(lineReadySeconds(wait, 3, { now: NOW, menuId: 1 })).toBe(240);
    expect(lineReadySeconds(wait, 1, { now: NOW, menuId: 1 })).toBe(120);
    // Half the single barista's time for the same line.
    expect(lineReadySeconds({ ...wait, baristas: 1 }, 3, { now: NOW, menuId: 1 })).toBe(480);
  });

  it('counts what is left of each drink in progress, at least 30 s of one past its time', () => {
    const making = [{ seconds: 300, takenAt: ago(200) }];
    expect(lineReadySeconds(line({ making, itemSeconds: { '1': 60 } }), 0, { now: NOW, menuId: 1 })).toBe(100 + 60);
    const overdue = [{ seconds: 300, takenAt: ago(400) }];
    expect(lineReadySeconds(line({ making: overdue, itemSeconds: { '1': 60 } }), 0, { now: NOW, menuId: 1 })).toBe(
      30 + 60,
    );
    // Later, less is left: the same inputs asked a minute on.
    const later = new Date(NOW.getTime() + 60_000);
    expect(lineReadySeconds(line({ making, itemSeconds: { '1': 60 } }), 0, { now: later, menuId: 1 })).toBe(40 + 60);
    // Two baristas: the drink starts on the free one at once.
    expect(lineReadySeconds(line({ baristas: 2, making, itemSeconds: { '1': 60 } }), 0, { now: NOW, menuId: 1 })).toBe(
      60,
    );
  });

  it("falls back from the drink's own time to the site's typical drink, then to the pace", () => {
    const measured = line({ itemSeconds: { '1': 45 }, drinkSeconds: 100 });
    expect(readySeconds(measured, 0, { now: NOW, menuId: 1 })).toBe(45);
    expect(readySeconds(measured, 0, { now: NOW, menuId: 2 })).toBe(100);
    // Beyond the line as read, each drink ahead is the typical one.
    expect(readySeconds(measured, 2, { now: NOW, menuId: 1 })).toBe(100 + 100 + 45);
    expect(readySeconds(line({ secondsPerOrder: 150 }), 0, { now: NOW, menuId: 2 })).toBe(150);
  });

  it('without baristas the inputs are the pace model, the estimate before: one pace for every drink', () => {
    const pace: WaitInputs = { secondsPerOrder: 120, inProgress: 2 };
    expect(readySeconds(pace, 3)).toBe(paceReadySeconds(pace, 3));
    expect(readySeconds(pace, 3)).toBe(120 * (2 + 3 + 1));
    expect(estimateWaitMinutes(pace, 3)).toBe(12);
    // An order for later is fired that long before its pickup time.
    expect(fireTime(new Date('2026-11-18T04:00:00.000Z'), pace, 3).toISOString()).toBe('2026-11-18T03:48:00.000Z');
  });

  it('fires an order for later by the same model: its own drink behind the line', () => {
    const wait = line({ baristas: 2, line: [120, 120], itemSeconds: { '3': 90 } });
    const pickup = new Date('2026-11-18T04:00:00.000Z');
    // 120 | 120 on two baristas, then 90: ready 210 s after joining.
    expect(fireTime(pickup, wait, 2, { now: NOW, menuId: 3 }).toISOString()).toBe('2026-11-18T03:56:30.000Z');
  });
});

describe('intake by capacity', () => {
  it('is the work ahead per barista working, not a count of orders', () => {
    const one = line({ drinkSeconds: 180 });
    expect(workSecondsPerBarista(one, 14)).toBe(14 * 180);
    expect(atCapacity(one, 14, 14)).toBe(true);
    expect(atCapacity(one, 13, 14)).toBe(false);
    // Two baristas working take twice as many before the limit.
    const two = { ...one, baristas: 2 };
    expect(atCapacity(two, 14, 14)).toBe(false);
    expect(atCapacity(two, 28, 14)).toBe(true);
    // Quick drinks ahead (60 s each) are less work than typical ones.
    expect(atCapacity({ ...one, line: Array.from({ length: 14 }, () => 60) }, 14, 14)).toBe(false);
  });

  it('the pace model keeps the count of the rule before', () => {
    expect(atCapacity({ secondsPerOrder: 60, inProgress: 5 }, 14, 14)).toBe(true);
    expect(atCapacity({ secondsPerOrder: 600, inProgress: 5 }, 13, 14)).toBe(false);
  });
});

describe('My orders after a queue event', () => {
  it("shows the line model's estimate for the person's own drink", () => {
    const at = NOW.toISOString();
    const mine: QueuedOrder = {
      id: 9,
      status: 'ordered',
      orderDate: ago(300),
      updatedAt: ago(300),
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: '',
      rejectNote: '',
      menu: { id: 4, name: 'Mocha', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
      user: { id: 1, name: 'Ann' },
      site: { id: 1, name: 'Head office' },
      queue_at: 3,
      estimatedWaitMinutes: 9,
      placeAsOf: ago(300),
    };
    const event: QueueEvent = {
      siteId: 1,
      categoryFor: 'cafe',
      day: '2026-11-18',
      left: { id: 2, orderDate: ago(600) },
      joined: null,
      at,
      // Two baristas, one drink left at 100 s, one waiting ahead (120 s), the mocha measured at 240 s.
      wait: line({
        baristas: 2,
        making: [{ seconds: 300, takenAt: ago(200) }],
        line: [120, 240],
        itemSeconds: { '4': 240 },
      }),
    };
    const [after] = applyQueueEvent([mine], event);
    // Place 2 now; 120 on the free barista, the mocha after the drink in progress: 100 + 240 s.
    expect(after).toMatchObject({ queue_at: 2, estimatedWaitMinutes: 6 });
  });
});

describe('the promise along a line, in one pass', () => {
  /** A random line of inputs: 1 to 3 baristas, drinks in progress, 0 to 40 waiting, measured items. */
  function randomInputs(seed: number): WaitInputs {
    let x = seed;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const count = (most: number) => Math.floor(next() * (most + 1));
    return line({
      baristas: 1 + count(2),
      making: Array.from({ length: count(3) }, () => ({ seconds: 60 + count(300), takenAt: ago(count(400)) })),
      line: Array.from({ length: count(40) }, () => 30 + count(300)),
      itemSeconds: { '1': 45, '2': 240 },
      drinkSeconds: seed % 2 === 0 ? 150 : undefined,
    });
  }

  it('answers at each place what readySeconds answers there, for 0, 1, 5, 15 and 40 drinks and beyond the line', () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const wait = randomInputs(seed);
      for (const places of [0, 1, 5, 15, 40, 55]) {
        const menuIds = Array.from({ length: places }, (_, k) => [1, 2, undefined, 99][(seed + k) % 4]);
        const along = readySecondsAlong(wait, menuIds, NOW);
        expect(along).toHaveLength(places);
        menuIds.forEach((menuId, ahead) =>
          expect(along[ahead], `seed ${seed}, place ${ahead}`).toBe(readySeconds(wait, ahead, { now: NOW, menuId })),
        );
      }
    }
  });

  it('follows the pace model for inputs without baristas', () => {
    const pace: WaitInputs = { secondsPerOrder: 120, inProgress: 2 };
    expect(readySecondsAlong(pace, [1, undefined, 2])).toEqual([0, 1, 2].map((ahead) => paceReadySeconds(pace, ahead)));
  });
});
