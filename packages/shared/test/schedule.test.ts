import { describe, expect, it } from 'vitest';
import {
  addDays,
  cafeClock,
  cafeDayOf,
  ClosedDayBodySchema,
  DEFAULT_WEEKLY_PERIODS,
  formatClock,
  instantOfCafeTime,
  latestChangeAtOrBefore,
  nextChangeAfter,
  nextOpening,
  scheduledChanges,
  scheduledModeAt,
  venuesClosedBy,
  venuesOpenedBy,
  WeeklyScheduleBodySchema,
  type OpeningRules,
  type WeeklyPeriod,
} from '../src';

const BKK = 'Asia/Bangkok';
const DEFAULT: OpeningRules = { weekly: DEFAULT_WEEKLY_PERIODS, closedDays: [] };
const at = (iso: string) => new Date(iso);
/** A change as plain values, for readable expectations. */
const plain = (c: { at: Date; from: string; to: string } | null) =>
  c ? { at: c.at.toISOString(), from: c.from, to: c.to } : null;

describe('the scheduled mode (the specification hours, Bangkok)', () => {
  it('opens the cafe 9:00-16:00 on working days and hands over to the bar on Friday 15:00-18:00', () => {
    const mode = (iso: string) => scheduledModeAt(DEFAULT, at(iso), BKK);
    // Monday 16 November 2026.
    expect(mode('2026-11-16T08:59:59+07:00')).toBe('close-both');
    expect(mode('2026-11-16T09:00:00+07:00')).toBe('cafe-open');
    expect(mode('2026-11-16T15:59:59+07:00')).toBe('cafe-open');
    expect(mode('2026-11-16T16:00:00+07:00')).toBe('close-both');
    // Friday 20 November: the cafe, then the bar from 15:00 (one mode at a time), then closed.
    expect(mode('2026-11-20T14:59:59+07:00')).toBe('cafe-open');
    expect(mode('2026-11-20T15:00:00+07:00')).toBe('bar-open');
    expect(mode('2026-11-20T17:59:59+07:00')).toBe('bar-open');
    expect(mode('2026-11-20T18:00:00+07:00')).toBe('close-both');
    // The weekend.
    expect(mode('2026-11-21T10:00:00+07:00')).toBe('close-both');
    expect(mode('2026-11-22T10:00:00+07:00')).toBe('close-both');
  });

  it('lists every change of a week, the Friday hand-over included', () => {
    const changes = scheduledChanges(DEFAULT, at('2026-11-16T00:00:00+07:00'), at('2026-11-23T00:00:00+07:00'), BKK);
    expect(changes.map(plain)).toEqual([
      ...['16', '17', '18', '19'].flatMap((d) => [
        { at: `2026-11-${d}T02:00:00.000Z`, from: 'close-both', to: 'cafe-open' },
        { at: `2026-11-${d}T09:00:00.000Z`, from: 'cafe-open', to: 'close-both' },
      ]),
      { at: '2026-11-20T02:00:00.000Z', from: 'close-both', to: 'cafe-open' },
      { at: '2026-11-20T08:00:00.000Z', from: 'cafe-open', to: 'bar-open' },
      { at: '2026-11-20T11:00:00.000Z', from: 'bar-open', to: 'close-both' },
    ]);
    const handOver = changes[9]!;
    expect(venuesClosedBy(handOver)).toEqual(['cafe']);
    expect(venuesOpenedBy(handOver)).toEqual(['bar']);
  });

  it('closes both venues all day on a closed day', () => {
    const rules: OpeningRules = { weekly: DEFAULT_WEEKLY_PERIODS, closedDays: [{ day: '2026-11-20' }] };
    expect(scheduledModeAt(rules, at('2026-11-20T10:00:00+07:00'), BKK)).toBe('close-both');
    expect(scheduledModeAt(rules, at('2026-11-20T16:00:00+07:00'), BKK)).toBe('close-both');
    expect(scheduledChanges(rules, at('2026-11-20T00:00:00+07:00'), at('2026-11-21T00:00:00+07:00'), BKK)).toEqual([]);
  });

  it('finds the latest change at or before an instant and the next one after it', () => {
    expect(plain(latestChangeAtOrBefore(DEFAULT, at('2026-11-17T10:30:00+07:00'), BKK))).toEqual({
      at: '2026-11-17T02:00:00.000Z',
      from: 'close-both',
      to: 'cafe-open',
    });
    // At the very instant of a change, that change is the latest.
    expect(plain(latestChangeAtOrBefore(DEFAULT, at('2026-11-17T16:00:00+07:00'), BKK))?.to).toBe('close-both');
    // On Sunday the latest is Friday's close.
    expect(plain(latestChangeAtOrBefore(DEFAULT, at('2026-11-22T12:00:00+07:00'), BKK))?.at).toBe(
      '2026-11-20T11:00:00.000Z',
    );
    expect(plain(nextChangeAfter(DEFAULT, at('2026-11-20T12:00:00+07:00'), BKK))).toEqual({
      at: '2026-11-20T08:00:00.000Z',
      from: 'cafe-open',
      to: 'bar-open',
    });
    expect(latestChangeAtOrBefore({ weekly: [], closedDays: [] }, at('2026-11-17T10:30:00+07:00'), BKK)).toBeNull();
  });
});

describe('the next opening', () => {
  it('is the next change that opens a venue, or the next opening of the venue asked for', () => {
    // Friday at noon (both closed by hand, say): the bar opens at 15:00, the cafe on Monday.
    const noon = at('2026-11-20T12:00:00+07:00');
    expect(nextOpening(DEFAULT, noon, BKK)).toEqual({ venue: 'bar', at: at('2026-11-20T15:00:00+07:00') });
    expect(nextOpening(DEFAULT, noon, BKK, 'cafe')).toEqual({ venue: 'cafe', at: at('2026-11-23T09:00:00+07:00') });
    // While the cafe is open, its next opening is tomorrow's.
    expect(nextOpening(DEFAULT, at('2026-11-17T10:00:00+07:00'), BKK, 'cafe')?.at).toEqual(
      at('2026-11-18T09:00:00+07:00'),
    );
  });

  it('skips closed days, and is null when nothing ever opens', () => {
    const holiday: OpeningRules = {
      weekly: DEFAULT_WEEKLY_PERIODS,
      closedDays: [{ day: '2026-11-23' }, { day: '2026-11-24' }],
    };
    expect(nextOpening(holiday, at('2026-11-20T19:00:00+07:00'), BKK)).toEqual({
      venue: 'cafe',
      at: at('2026-11-25T09:00:00+07:00'),
    });
    expect(nextOpening({ weekly: [], closedDays: [] }, at('2026-11-20T19:00:00+07:00'), BKK)).toBeNull();
    // A bar that only opens on Sundays, but every Sunday of the coming year is closed.
    const sundays: { day: string }[] = [];
    for (let day = '2026-11-22'; day < '2028-01-01'; day = addDays(day, 7)) sundays.push({ day });
    const neverOpen: OpeningRules = {
      weekly: [{ venue: 'bar', weekday: 0, opens: '18:00', closes: '20:00' }],
      closedDays: sundays,
    };
    expect(nextOpening(neverOpen, at('2026-11-20T19:00:00+07:00'), BKK)).toBeNull();
  });

  it('follows a period that ends at midnight (24:00)', () => {
    const late: OpeningRules = {
      weekly: [{ venue: 'bar', weekday: 5, opens: '20:00', closes: '24:00' }],
      closedDays: [],
    };
    expect(scheduledModeAt(late, at('2026-11-20T23:59:00+07:00'), BKK)).toBe('bar-open');
    expect(scheduledModeAt(late, at('2026-11-21T00:00:00+07:00'), BKK)).toBe('close-both');
    expect(plain(nextChangeAfter(late, at('2026-11-20T21:00:00+07:00'), BKK))).toEqual({
      at: '2026-11-20T17:00:00.000Z',
      from: 'bar-open',
      to: 'close-both',
    });
  });
});

describe('daylight saving time', () => {
  const cafeMonday = (opens: string, closes: string): WeeklyPeriod[] => [{ venue: 'cafe', weekday: 1, opens, closes }];

  it('keeps 9:00 on the cafe clock across a change of offset (London, New York, Sydney)', () => {
    const rules: OpeningRules = { weekly: cafeMonday('09:00', '16:00'), closedDays: [] };
    // London: GMT until Sunday 29 March 2026, BST after.
    expect(nextOpening(rules, at('2026-03-20T12:00:00Z'), 'Europe/London')?.at).toEqual(at('2026-03-23T09:00:00Z'));
    expect(nextOpening(rules, at('2026-03-27T12:00:00Z'), 'Europe/London')?.at).toEqual(at('2026-03-30T08:00:00Z'));
    // New York: EST until Sunday 8 March 2026, EDT after; back on Sunday 1 November.
    expect(nextOpening(rules, at('2026-03-06T23:30:00Z'), 'America/New_York')?.at).toEqual(at('2026-03-09T13:00:00Z'));
    expect(nextOpening(rules, at('2026-10-30T12:00:00Z'), 'America/New_York')?.at).toEqual(at('2026-11-02T14:00:00Z'));
    // Sydney: AEST until Sunday 4 October 2026, AEDT after.
    expect(nextOpening(rules, at('2026-10-01T00:00:00Z'), 'Australia/Sydney')?.at).toEqual(at('2026-10-04T22:00:00Z'));
  });

  it('opens at the jump when the opening time is skipped, and at the first showing when it comes twice', () => {
    const zone = 'Europe/London';
    // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST, so 01:30 never shows.
    expect(instantOfCafeTime('2026-03-29', 90, zone)).toEqual(at('2026-03-29T01:00:00Z'));
    const spring: OpeningRules = {
      weekly: [{ venue: 'bar', weekday: 0, opens: '01:30', closes: '03:00' }],
      closedDays: [],
    };
    expect(scheduledChanges(spring, at('2026-03-28T23:00:00Z'), at('2026-03-29T06:00:00Z'), zone).map(plain)).toEqual([
      { at: '2026-03-29T01:00:00.000Z', from: 'close-both', to: 'bar-open' },
      { at: '2026-03-29T02:00:00.000Z', from: 'bar-open', to: 'close-both' },
    ]);
    // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 shows twice; the first counts,
    // and the period runs on through the second.
    expect(instantOfCafeTime('2026-10-25', 90, zone)).toEqual(at('2026-10-25T00:30:00Z'));
    const autumn: OpeningRules = {
      weekly: [{ venue: 'bar', weekday: 0, opens: '01:30', closes: '02:30' }],
      closedDays: [],
    };
    expect(scheduledModeAt(autumn, at('2026-10-25T01:45:00Z'), zone)).toBe('bar-open');
    expect(scheduledChanges(autumn, at('2026-10-24T23:00:00Z'), at('2026-10-25T06:00:00Z'), zone).map(plain)).toEqual([
      { at: '2026-10-25T00:30:00.000Z', from: 'close-both', to: 'bar-open' },
      { at: '2026-10-25T02:30:00.000Z', from: 'bar-open', to: 'close-both' },
    ]);
  });

  it('agrees with itself through a whole year in zones whose clocks jump at midnight or by half an hour', () => {
    // Every day the cafe 06:00-23:30 and the bar 18:00-24:00 (midnight, which some of these zones
    // skip): whatever the zone does, changes follow each other, the mode between two changes is the
    // one the earlier change set, and the cafe never opens before 06:00 on its own day.
    const everyDay: WeeklyPeriod[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      { venue: 'cafe' as const, weekday, opens: '06:00', closes: '23:30' },
      { venue: 'bar' as const, weekday, opens: '18:00', closes: '24:00' },
    ]);
    const rules: OpeningRules = { weekly: everyDay, closedDays: [] };
    for (const zone of ['America/Havana', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Tehran']) {
      const changes = scheduledChanges(rules, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), zone);
      expect(changes.length, zone).toBeGreaterThan(3 * 360);
      for (let i = 1; i < changes.length; i += 1) {
        const [before, change] = [changes[i - 1]!, changes[i]!];
        expect(change.at.getTime(), zone).toBeGreaterThan(before.at.getTime());
        expect(change.from, zone).toBe(before.to);
        const middle = new Date((before.at.getTime() + change.at.getTime()) / 2);
        expect(scheduledModeAt(rules, middle, zone), `${zone} ${middle.toISOString()}`).toBe(before.to);
      }
      for (const change of changes.filter((c) => c.to === 'cafe-open' && c.from === 'close-both')) {
        const clock = cafeClock(change.at, zone);
        // 06:00, or later only where the clock skipped past it.
        expect(clock.hour * 60 + clock.minute, `${zone} ${change.at.toISOString()}`).toBeGreaterThanOrEqual(360);
        expect(cafeDayOf(change.at, zone)).toBe(cafeDayOf(new Date(change.at.getTime() + 60_000), zone));
      }
    }
  });
});

describe('schedule schemas', () => {
  const firstMessage = (body: unknown) => {
    const issue = WeeklyScheduleBodySchema.safeParse(body).error?.issues[0];
    return issue ? `${issue.path.join('.')}: ${issue.message}` : null;
  };
  const period = (extra: Partial<WeeklyPeriod> = {}) => ({
    venue: 'cafe',
    weekday: 1,
    opens: '09:00',
    closes: '16:00',
    ...extra,
  });

  it('accepts the specification hours and a period ending at midnight', () => {
    expect(firstMessage({ weekly: DEFAULT_WEEKLY_PERIODS })).toBeNull();
    expect(firstMessage({ weekly: [period({ closes: '24:00' })] })).toBeNull();
    expect(firstMessage({ weekly: [] })).toBeNull();
  });

  it('refuses times that are not HH:MM, a close before the opening, and two periods of a venue on one day', () => {
    expect(firstMessage({ weekly: [period({ opens: '9:00' })] })).toMatch(/^weekly\.0\.opens: opens must be a time/);
    expect(firstMessage({ weekly: [period({ opens: '24:00' })] })).toMatch(/^weekly\.0\.opens/);
    expect(firstMessage({ weekly: [period({ closes: '16:60' })] })).toMatch(/^weekly\.0\.closes/);
    expect(firstMessage({ weekly: [period({ opens: '16:00', closes: '09:00' })] })).toBe(
      'weekly.0.closes: closes must be later than opens',
    );
    expect(firstMessage({ weekly: [period({ opens: '09:00', closes: '09:00' })] })).toBe(
      'weekly.0.closes: closes must be later than opens',
    );
    expect(firstMessage({ weekly: [period({ weekday: 7 })] })).toMatch(/^weekly\.0\.weekday/);
    expect(firstMessage({ weekly: [period(), period({ venue: 'bar' }), period({ opens: '12:00' })] })).toBe(
      'weekly.2.weekday: the cafe already has hours on Monday: one period per venue and weekday',
    );
  });

  it('takes a closed day with an optional note', () => {
    expect(ClosedDayBodySchema.parse({ day: '2026-12-25', note: ' Christmas ' })).toEqual({
      day: '2026-12-25',
      note: 'Christmas',
    });
    expect(ClosedDayBodySchema.safeParse({ day: '2026-02-30' }).success).toBe(false);
    expect(ClosedDayBodySchema.safeParse({ day: '2026-12-25', note: 'x'.repeat(61) }).success).toBe(false);
  });

  it('writes times as the specification does', () => {
    expect(formatClock('09:00')).toBe('9:00');
    expect(formatClock('16:30')).toBe('16:30');
    expect(formatClock('24:00')).toBe('24:00');
  });
});
