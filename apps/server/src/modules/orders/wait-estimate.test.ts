import { estimateWaitMinutes } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { busyGaps, DEFAULT_SECONDS_PER_ORDER, secondsPerOrder } from './wait-estimate';

/** Completion instants `minutes` after 10:00 UTC on 18 November 2026 (or `day` days earlier). */
const at = (minutes: number, day = 0) => new Date(Date.UTC(2026, 10, 18 - day, 10, 0) + minutes * 60_000).toISOString();

describe('the pace of the counter', () => {
  it('assumes three minutes an order while there is nothing to go on', () => {
    expect(secondsPerOrder([], [])).toBe(DEFAULT_SECONDS_PER_ORDER);
    expect(DEFAULT_SECONDS_PER_ORDER).toBe(180);
    // Two gaps are too few.
    expect(secondsPerOrder([at(0), at(1), at(2)], [])).toBe(180);
  });

  it("takes the median gap between today's completions, whatever Do -> Done took", () => {
    // One order every two minutes, with one slow one: the median is what people feel.
    expect(secondsPerOrder([at(0), at(2), at(4), at(6), at(14), at(16)], [])).toBe(120);
  });

  it('leaves out the counter standing idle', () => {
    expect(busyGaps([at(0), at(1), at(60), at(61)])).toEqual([60_000, 60_000]);
    expect(secondsPerOrder([at(0), at(1), at(2), at(90), at(91)], [])).toBe(60);
  });

  it('falls back to the same hours of the previous days when today has too little', () => {
    const past = [
      [at(0, 7), at(3, 7), at(6, 7)],
      [at(0, 1), at(3, 1), at(6, 1), at(9, 1)],
    ];
    expect(secondsPerOrder([at(0)], past)).toBe(180);
    expect(secondsPerOrder([at(0)], [[at(0, 1), at(4, 1), at(8, 1), at(12, 1)]])).toBe(240);
  });

  it('keeps the pace within bounds', () => {
    // One drink every ten seconds (each its own tap): faster than the bounds allow.
    const burst = Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2026, 10, 18, 10, 0, i * 10)).toISOString());
    expect(secondsPerOrder(burst, [])).toBe(20);
  });
});

describe('the pace after a Done Selected', () => {
  // Three drinks done one by one, two minutes apart, then 13 made over 13 minutes and done in one
  // tap: the server writes the 13 a few milliseconds apart.
  const doneSelected = (day = 0) => {
    const tap = Date.parse(at(17, day));
    return [
      at(0, day),
      at(2, day),
      at(4, day),
      ...Array.from({ length: 13 }, (_, i) => new Date(tap + i * 3).toISOString()),
    ];
  };

  it('shares the time before the tap among the drinks it finished', () => {
    expect(busyGaps(doneSelected()).slice(2)).toEqual(Array.from({ length: 13 }, () => 60_000));
    // A minute a drink, not 13 drinks in a second (which the bounds would have made 20 s).
    expect(secondsPerOrder(doneSelected(), [])).toBe(60);
  });

  it('teaches the next morning the same pace', () => {
    expect(secondsPerOrder([at(0)], [doneSelected(1)])).toBe(60);
  });

  it('learns nothing from a tap after the counter stood idle', () => {
    const idle = [at(0), at(2), at(4), at(6), ...Array.from({ length: 5 }, (_, i) => at(60 + i / 1000))];
    expect(busyGaps(idle)).toEqual([120_000, 120_000, 120_000]);
  });
});

describe('the estimate of a waiting order', () => {
  it('counts the drinks being made, the orders ahead and its own, at the pace of the counter', () => {
    expect(estimateWaitMinutes({ secondsPerOrder: 180, inProgress: 0 }, 0)).toBe(3);
    expect(estimateWaitMinutes({ secondsPerOrder: 120, inProgress: 2 }, 3)).toBe(12);
  });

  it('rounds up, and never promises less than a minute', () => {
    expect(estimateWaitMinutes({ secondsPerOrder: 61, inProgress: 0 }, 0)).toBe(2);
    expect(estimateWaitMinutes({ secondsPerOrder: 0, inProgress: 0 }, 0)).toBe(1);
  });
});
