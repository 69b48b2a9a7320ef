import type { Run, RunDrink, SlotList } from '@cafe/shared';

/*
 * A run at the test company's head office (site 1, Bangkok), as GET /runs/{id} answers it: started
 * by Ann (person 3) for the 11:00 slot, closing at 10:40. The tests' clock stands at 10:00.
 */

export const ANN = { id: 3, name: 'Ann' };
/** The signed-in person of the tests (test/render.tsx signIn). */
export const MALI = { id: 7, name: 'Mali' };

export function makeDrink(overrides: Partial<RunDrink> = {}): RunDrink {
  return {
    orderId: 41,
    person: ANN,
    label: 'Ann (1/1)',
    position: 1,
    of: 1,
    drink: 'Latte · Cold · 50%',
    menu: { id: 1, name: 'Latte' },
    type: 'cold',
    sweetness: 50,
    options: [],
    status: 'scheduled',
    cup: 'tumbler',
    ...overrides,
  };
}

export function makeRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 5,
    site: { id: 1, name: 'Head office' },
    runner: ANN,
    place: 'Meeting room 3',
    pickupAt: '2026-11-18T04:00:00.000Z',
    closesAt: '2026-11-18T03:40:00.000Z',
    closedAt: null,
    state: 'open',
    ready: false,
    collected: false,
    over: false,
    updatedAt: '2026-11-18T03:00:00.000Z',
    drinks: [],
    ...overrides,
  };
}

/** Two cafe slots of today at the head office: 11:00 and 11:30. */
export const SLOTS: SlotList = {
  siteId: 1,
  timeZone: 'Asia/Bangkok',
  slots: [
    {
      start: '2026-11-18T04:00:00.000Z',
      end: '2026-11-18T04:15:00.000Z',
      day: '2026-11-18',
      time: '11:00',
      remaining: 8,
    },
    {
      start: '2026-11-18T04:30:00.000Z',
      end: '2026-11-18T04:45:00.000Z',
      day: '2026-11-18',
      time: '11:30',
      remaining: 8,
    },
  ],
};
