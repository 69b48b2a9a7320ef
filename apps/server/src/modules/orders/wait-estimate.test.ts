import { describe, expect, it } from 'vitest';
import { averagePrepSeconds, DEFAULT_PREP_SECONDS, estimateWaitMinutes } from './wait-estimate';

/** A preparation that started at `start` (minutes past 10:00 UTC) and took `seconds`. */
function sample(start: number, seconds: number) {
  const started = Date.UTC(2026, 10, 18, 10, start);
  return { started_at: new Date(started).toISOString(), done_at: new Date(started + seconds * 1000).toISOString() };
}

describe('average preparation time', () => {
  it('assumes the default while a venue has finished nothing', () => {
    expect(averagePrepSeconds([])).toBe(DEFAULT_PREP_SECONDS);
    expect(DEFAULT_PREP_SECONDS).toBe(180);
  });

  it('averages the time from in-progress to done', () => {
    expect(averagePrepSeconds([sample(0, 60), sample(5, 120), sample(9, 240)])).toBe(140);
  });

  it('counts a forgotten order at most 30 minutes, so one slip does not ruin every estimate', () => {
    expect(averagePrepSeconds([sample(0, 5 * 3600), sample(1, 60)])).toBe((30 * 60 + 60) / 2);
  });

  it('leaves out samples that finish before they start or carry unreadable times', () => {
    const unreadable = { started_at: 'not a time', done_at: '2026-11-18T10:00:00.000Z' };
    expect(averagePrepSeconds([sample(0, -30), unreadable, sample(2, 90)])).toBe(90);
    expect(averagePrepSeconds([sample(0, -30), unreadable])).toBe(DEFAULT_PREP_SECONDS);
  });
});

describe('estimated wait', () => {
  it('is one preparation for the first order in an idle queue', () => {
    expect(estimateWaitMinutes(180, 0, 0)).toBe(3);
  });

  it('counts every drink in progress and every order ahead as one whole preparation', () => {
    // (2 in progress + 3 ahead + this one) × 2 minutes.
    expect(estimateWaitMinutes(120, 3, 2)).toBe(12);
    expect(estimateWaitMinutes(120, 2, 3)).toBe(12);
  });

  it('rounds up to whole minutes', () => {
    expect(estimateWaitMinutes(61, 0, 0)).toBe(2);
    expect(estimateWaitMinutes(90, 1, 0)).toBe(3);
  });

  it('promises at least one minute, however quick the bar has been', () => {
    expect(estimateWaitMinutes(0, 0, 0)).toBe(1);
    expect(estimateWaitMinutes(5, 0, 0)).toBe(1);
  });
});
