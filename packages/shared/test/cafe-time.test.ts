import { describe, expect, it } from 'vitest';
import { cafeClock, cafeDayOf, clockTimeText } from '../src/cafe-time';

/** What Intl says, without the cache the module keeps. */
function intlClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

describe('the wall clock of an instant in a zone', () => {
  it('reads the same as Intl for every minute around a daylight-saving change, asked twice', () => {
    // Europe/Berlin went from 02:00 to 03:00 on 2025-03-30 (01:00 UTC).
    const start = Date.UTC(2025, 2, 30, 0, 0);
    for (let round = 0; round < 2; round += 1) {
      for (let m = 0; m < 120; m += 1) {
        const instant = new Date(start + m * 60_000 + 59_000);
        const { day, hour, minute } = cafeClock(instant, 'Europe/Berlin');
        expect({ day, hour, minute }).toEqual(intlClock(instant, 'Europe/Berlin'));
      }
    }
  });

  it('keeps zones apart for the same minute', () => {
    const instant = new Date('2025-06-11T23:30:00Z');
    expect(cafeDayOf(instant, 'Asia/Bangkok')).toBe('2025-06-12');
    expect(cafeDayOf(instant, 'America/New_York')).toBe('2025-06-11');
    expect(clockTimeText(instant, 'Asia/Bangkok')).toBe('06:30');
    expect(clockTimeText(instant, 'Asia/Kolkata')).toBe('05:00');
  });

  it('is exact before 1972, when a zone kept local mean time with seconds', () => {
    // Bangkok's local mean time was UTC+6:42:04 until 1920: 00:17:56 UTC is 07:00 there.
    const instant = new Date('1900-01-01T00:17:56Z');
    const { hour, minute } = cafeClock(instant, 'Asia/Bangkok');
    expect({ hour, minute }).toEqual({
      hour: intlClock(instant, 'Asia/Bangkok').hour,
      minute: intlClock(instant, 'Asia/Bangkok').minute,
    });
  });
});
