import { describe, expect, it } from 'vitest';
import { cafeToday, formatCafeDate, formatCafeTime, formatDay, formatPickupTime } from './cafe-time';

describe('cafe time', () => {
  it('takes today in the cafe zone, not the device zone', () => {
    // 20:00 UTC on the 20th is 03:00 on the 21st in Bangkok and still the 20th in New York.
    expect(cafeToday('Asia/Bangkok', new Date('2026-11-20T20:00:00Z'))).toBe('2026-11-21');
    expect(cafeToday('America/New_York', new Date('2026-11-20T20:00:00Z'))).toBe('2026-11-20');
  });

  it('writes times and dates on the cafe clock', () => {
    expect(formatCafeTime('2026-11-20T20:05:00Z', 'Asia/Bangkok')).toBe('03:05');
    expect(formatCafeTime('2026-11-20T20:05:00Z', 'America/New_York')).toBe('15:05');
    expect(formatCafeTime('not a time', 'Asia/Bangkok')).toBe('');
    expect(formatCafeDate('2026-11-20T20:05:00Z', 'Asia/Bangkok')).toBe('21 Nov 2026');
    expect(formatDay('2025-11-21', 'long')).toBe('Friday, 21 November 2025');
    expect(formatDay('2025-11-21', 'month')).toBe('November 2025');
  });

  it("names the day of a pickup time that is not today, in the cafe's zone", () => {
    // 09:00 on Tuesday 24 November 2026 in Bangkok.
    const now = new Date('2026-11-24T02:00:00Z');
    expect(formatPickupTime('2026-11-24T03:30:00Z', 'Asia/Bangkok', now)).toBe('10:30');
    expect(formatPickupTime('2026-11-25T03:30:00Z', 'Asia/Bangkok', now)).toBe('Wed 25 Nov 10:30');
    // 23:30 UTC on the 24th is already 06:30 on the 25th in Bangkok.
    expect(formatPickupTime('2026-11-24T23:30:00Z', 'Asia/Bangkok', now)).toBe('Wed 25 Nov 06:30');
    expect(formatPickupTime('not a time', 'Asia/Bangkok', now)).toBe('');
  });
});
