import { describe, expect, it } from 'vitest';
import { EMPTY_LANE_PX, laneColumns, laneTemplate } from './lane-columns';

/** The board's row of lanes at 1024 px and at 1280 px (the page's 72 rem less its padding). */
const TABLET = 992;
const DESKTOP = 1120;

describe('laneColumns', () => {
  it('gives an empty lane no column and every other lane one before any gets a second', () => {
    expect(laneColumns(TABLET, [{ count: 0 }, { count: 1 }, { count: 1 }])).toEqual([0, 1, 1]);
  });

  it('gives 17 waiting four columns on the tablet beside two empty lanes', () => {
    expect(laneColumns(TABLET, [{ count: 0 }, { count: 17 }, { count: 0 }])).toEqual([0, 4, 0]);
  });

  it('gives 30 in progress alone the width, not a narrow column', () => {
    expect(laneColumns(TABLET, [{ count: 30 }, { count: 0 }, { count: 0 }])).toEqual([4, 0, 0]);
    expect(laneColumns(1600, [{ count: 30 }, { count: 0 }, { count: 0 }])).toEqual([7, 0, 0]);
  });

  it('shares columns by tickets per column, never more than a lane has tickets or its cap', () => {
    expect(laneColumns(DESKTOP, [{ count: 2 }, { count: 40 }, { count: 1 }, { count: 40, cap: 1 }])).toEqual([
      1, 2, 1, 1,
    ]);
    expect(laneColumns(DESKTOP, [{ count: 1 }, { count: 1 }, { count: 0 }])).toEqual([1, 1, 0]);
  });

  it('gives one column each before the row is measured', () => {
    expect(laneColumns(0, [{ count: 5 }, { count: 0 }, { count: 40 }])).toEqual([1, 0, 1]);
  });
});

describe('laneTemplate', () => {
  it('gives an empty lane its fixed width and the others shares in proportion to their columns', () => {
    expect(laneTemplate([0, 2, 1])).toBe(`${EMPTY_LANE_PX / 16}rem minmax(0,388fr) minmax(0,196fr)`);
  });
});
