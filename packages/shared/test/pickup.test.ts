import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PICKUP_SETTINGS,
  DEFAULT_WEEKLY_PERIODS,
  checkPickup,
  clockTimeText,
  pickupSlots,
  type OpeningRules,
  type PickupSettings,
  type SlotRules,
} from '../src';

const WEEKDAYS: OpeningRules = { weekly: DEFAULT_WEEKLY_PERIODS, closedDays: [] };

function rules(overrides: Partial<SlotRules> & { now: Date }): SlotRules {
  return {
    rules: WEEKDAYS,
    timeZone: 'Asia/Bangkok',
    venue: 'cafe',
    settings: { ...DEFAULT_PICKUP_SETTINGS },
    ...overrides,
  };
}
const settings = (s: Partial<PickupSettings>): PickupSettings => ({ ...DEFAULT_PICKUP_SETTINGS, ...s });
const none = new Map<string, number>();

describe('pickup slots', () => {
  // Tuesday 2026-03-03, 09:40 in Bangkok (UTC+7).
  const tuesday = new Date('2026-03-03T02:40:00.000Z');

  it('starts at the opening and runs every slot length until closing, from the lead time on', () => {
    const slots = pickupSlots(rules({ now: tuesday }), none);
    // 09:40 + 15 minutes of lead: the first slot is 10:00; the last one ends at 16:00.
    expect(slots[0]).toEqual({
      start: '2026-03-03T03:00:00.000Z',
      end: '2026-03-03T03:15:00.000Z',
      day: '2026-03-03',
      time: '10:00',
      remaining: 10,
    });
    expect(slots.at(-1)?.time).toBe('15:45');
    expect(slots).toHaveLength(24);
    expect(slots.every((s) => s.day === '2026-03-03')).toBe(true);
  });

  it('leaves out full slots and counts what is left of the others', () => {
    const taken = new Map([
      ['2026-03-03T03:00:00.000Z', 10],
      ['2026-03-03T03:15:00.000Z', 8],
    ]);
    const slots = pickupSlots(rules({ now: tuesday }), taken);
    expect(slots[0]).toMatchObject({ time: '10:15', remaining: 2 });
  });

  it('offers later days only as far ahead as the site allows, and none on closed days or weekends', () => {
    // Friday 2026-03-06, 15:00: the cafe's day is over (the Friday cut-off is 12:00).
    const friday = new Date('2026-03-06T08:00:00.000Z');
    expect(pickupSlots(rules({ now: friday }), none)).toEqual([]);
    const ahead = pickupSlots(
      rules({
        now: friday,
        settings: settings({ daysAhead: 4, slotMinutes: 60 }),
        rules: { weekly: DEFAULT_WEEKLY_PERIODS, closedDays: [{ day: '2026-03-09' }] },
      }),
      none,
    );
    // Saturday and Sunday are closed, Monday is a closed day: Tuesday only.
    expect([...new Set(ahead.map((s) => s.day))]).toEqual(['2026-03-10']);
    expect(ahead.map((s) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00']);
  });

  it('has no cafe slot on Friday from 12:00, and bar slots in the bar hours', () => {
    const fridayMorning = new Date('2026-03-06T01:00:00.000Z'); // 08:00
    const cafe = pickupSlots(rules({ now: fridayMorning, settings: settings({ slotMinutes: 60 }) }), none);
    expect(cafe.map((s) => s.time)).toEqual(['09:00', '10:00', '11:00']);
    const bar = pickupSlots(rules({ now: fridayMorning, venue: 'bar', settings: settings({ slotMinutes: 30 }) }), none);
    expect(bar.map((s) => s.time)).toEqual(['15:00', '15:30', '16:00', '16:30', '17:00', '17:30']);
  });

  it('has no slot left today once the venue was closed by hand early', () => {
    const slots = pickupSlots(
      rules({ now: tuesday, closedEarlyToday: true, settings: settings({ daysAhead: 1 }) }),
      none,
    );
    expect(slots.every((s) => s.day === '2026-03-04')).toBe(true);
    expect(slots[0]?.time).toBe('09:00');
  });

  it('keeps slots at their wall-clock times across a daylight-saving change (Europe/Berlin, 29 March 2026)', () => {
    // Friday 27 March, 08:00 in Berlin (UTC+1); Monday 30 March is on summer time (UTC+2).
    const now = new Date('2026-03-27T07:00:00.000Z');
    const slots = pickupSlots(
      rules({ now, timeZone: 'Europe/Berlin', settings: settings({ daysAhead: 3, slotMinutes: 30 }) }),
      none,
    );
    const at = (day: string, time: string) => slots.find((s) => s.day === day && s.time === time)?.start;
    expect(at('2026-03-27', '10:30')).toBe('2026-03-27T09:30:00.000Z');
    expect(at('2026-03-30', '10:30')).toBe('2026-03-30T08:30:00.000Z');
    expect(clockTimeText(new Date('2026-03-30T08:30:00.000Z'), 'Europe/Berlin')).toBe('10:30');
    // The same wall-clock slots on the day after the change as on any weekday.
    const times = (day: string) => slots.filter((s) => s.day === day).map((s) => s.time);
    expect(times('2026-03-30')).toHaveLength(14);
    expect(times('2026-03-30')[0]).toBe('09:00');
  });

  it('offers no time the clock skips, and names each slot by the time the clock shows, in the night of the change', () => {
    // A bar open through the night of Sunday 29 March 2026 in Berlin: 02:00 becomes 03:00.
    const night: OpeningRules = {
      weekly: [{ venue: 'bar', weekday: 0, opens: '01:00', closes: '05:00' }],
      closedDays: [],
    };
    const now = new Date('2026-03-28T23:00:00.000Z'); // 00:00 in Berlin
    const slots = pickupSlots(
      rules({
        now,
        rules: night,
        venue: 'bar',
        timeZone: 'Europe/Berlin',
        settings: settings({ slotMinutes: 30, leadMinutes: 0 }),
      }),
      none,
    );
    expect(slots.map((s) => s.time)).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
    expect(slots.find((s) => s.time === '03:00')?.start).toBe('2026-03-29T01:00:00.000Z');
    // Autumn: 02:00-03:00 is shown twice on 25 October; each slot is offered once.
    const autumn = new Date('2026-10-24T22:00:00.000Z'); // 00:00 in Berlin (UTC+2)
    const fall = pickupSlots(
      rules({
        now: autumn,
        rules: night,
        venue: 'bar',
        timeZone: 'Europe/Berlin',
        settings: settings({ slotMinutes: 30, leadMinutes: 0 }),
      }),
      none,
    );
    expect(fall.map((s) => s.time)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30']);
    expect(new Set(fall.map((s) => s.start)).size).toBe(fall.length);
  });

  it('checks a pickup time: a slot start, not too soon, not too far ahead', () => {
    const input = rules({ now: tuesday });
    expect(checkPickup(input, new Date('2026-03-03T03:00:00.000Z'))).toMatchObject({
      ok: true,
      slot: { time: '10:00' },
    });
    expect(checkPickup(input, new Date('2026-03-03T03:05:00.000Z'))).toEqual({ ok: false, reason: 'not-a-slot' });
    expect(checkPickup(input, new Date('2026-03-03T02:45:00.000Z'))).toEqual({ ok: false, reason: 'too-soon' });
    expect(checkPickup(input, new Date('2026-03-04T03:00:00.000Z'))).toEqual({ ok: false, reason: 'too-far' });
    expect(checkPickup(input, new Date('2026-03-03T10:00:00.000Z'))).toEqual({ ok: false, reason: 'not-a-slot' });
  });
});
