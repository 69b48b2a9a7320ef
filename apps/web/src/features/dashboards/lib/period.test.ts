import { periodRange } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { describePeriod } from './period';

describe('statistics periods', () => {
  it('describes the three periods for people', () => {
    const today = '2026-11-21';
    const day = periodRange('today', today);
    const week = periodRange('week', today);
    const month = periodRange('month', today);
    expect(describePeriod(day.startDate, day.endDate)).toBe('21 Nov 2026');
    expect(describePeriod(week.startDate, week.endDate)).toBe('16 Nov 2026 - 22 Nov 2026');
    expect(describePeriod(month.startDate, month.endDate)).toBe('November 2026');
  });
});
