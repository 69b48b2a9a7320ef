import { describe, expect, it } from 'vitest';
import {
  addDays,
  cafeDayOf,
  canTransition,
  checkItemName,
  cutName,
  DisplayNameSchema,
  distanceKm,
  isCafeDay,
  isCompanyEmail,
  isFridayCafeCutoff,
  MESSAGES,
  dashIfEmpty,
  OrderCreateBodySchema,
  OrderListQuerySchema,
  periodRange,
  queueText,
  RegisterBodySchema,
  shopModeOf,
  shopStatusFor,
  startOfCafeDay,
  statusStep,
  SweetnessSchema,
  venuesClosing,
} from '../src';

const BKK = 'Asia/Bangkok';

describe('name rules', () => {
  it('refuses display names that show nothing or carry text-direction controls', () => {
    const message = (name: string) => DisplayNameSchema.safeParse(name).error?.issues[0]?.message ?? null;
    for (const blank of ['\u200b\u200b', '\u200d', '\u3164\u3164', ' \u2800 ', '\ufeff', '\u0301'])
      expect(message(blank), JSON.stringify(blank)).toBe(MESSAGES.nameEmpty);
    for (const spoof of ['Ann\u202egnp.exe', '\u2067Bob', 'Cat\u200f'])
      expect(message(spoof), JSON.stringify(spoof)).toBe(MESSAGES.nameDirectionControls);
    // Real names, Thai with its vowel marks among them, and a zero-width joiner inside an emoji.
    for (const fine of ['Ann', 'สมชาย ใจดี', 'Zoë', 'Nok 👩\u200d💻', '김민준']) expect(message(fine), fine).toBeNull();
  });

  it('gives the specification messages in order', () => {
    expect(checkItemName('')).toBe(MESSAGES.nameNull);
    expect(checkItemName(' Latte')).toBe(MESSAGES.nameLeadingSpace);
    expect(checkItemName('Latte 2')).toBe(MESSAGES.nameLetters);
    expect(checkItemName('Latte!')).toBe(MESSAGES.nameLetters);
    expect(checkItemName('A'.repeat(26))).toMatch(/at most 25/);
  });
  it('accepts Latin, Thai and spaces up to 25 characters', () => {
    expect(checkItemName('Iced Latte')).toBeNull();
    expect(checkItemName('ชาเย็น')).toBeNull();
    expect(checkItemName('A'.repeat(25))).toBeNull();
  });
  it('stores an empty description or remark as "-" and cuts long user names', () => {
    expect(dashIfEmpty('')).toBe('-');
    expect(dashIfEmpty('  ')).toBe('-');
    expect(dashIfEmpty(' Strong ')).toBe('Strong');
    expect(cutName('Bartholomew Anderson')).toBe('Bartholomew An...');
    expect(cutName('Short')).toBe('Short');
  });
  it('compares the company e-mail domain without case', () => {
    expect(isCompanyEmail('a@Example.COM', 'example.com')).toBe(true);
    expect(isCompanyEmail('a@example.com.evil', 'example.com')).toBe(false);
    expect(isCompanyEmail('a@sub.example.com', 'example.com')).toBe(false);
    expect(isCompanyEmail('no-at-sign', 'example.com')).toBe(false);
  });
});

describe('order state machine and queue text', () => {
  it('allows exactly the transitions of the contract', () => {
    expect(canTransition('owner', 'ordered', 'cancel')).toBe(true);
    expect(canTransition('owner', 'done', 'picked')).toBe(true);
    expect(canTransition('owner', 'in-progress', 'cancel')).toBe(false);
    expect(canTransition('owner', 'ordered', 'picked')).toBe(false);
    expect(canTransition('barista', 'ordered', 'in-progress')).toBe(true);
    expect(canTransition('barista', 'in-progress', 'done')).toBe(true);
    expect(canTransition('barista', 'ordered', 'rejected')).toBe(true);
    expect(canTransition('barista', 'in-progress', 'rejected')).toBe(true);
    expect(canTransition('barista', 'ordered', 'done')).toBe(false);
    expect(canTransition('barista', 'done', 'rejected')).toBe(false);
    expect(canTransition('barista', 'picked', 'in-progress')).toBe(false);
  });
  it('words the queue as the specification says', () => {
    expect(queueText(1)).toBe('It is your turn!');
    expect(queueText(null)).toBe('It is your turn!');
    expect(queueText(2)).toBe('Queue no: 1');
    expect(queueText(5)).toBe('Queue no: 4');
  });
  it('maps statuses to the three steps', () => {
    expect(statusStep('ordered')).toBe(0);
    expect(statusStep('in-progress')).toBe(1);
    expect(statusStep('done')).toBe(2);
  });
});

describe('shop mode', () => {
  it('derives the mode from the two flags', () => {
    expect(shopModeOf({ isCafeOpen: true, isBarOpen: false })).toBe('cafe-open');
    expect(shopModeOf({ isCafeOpen: false, isBarOpen: true })).toBe('bar-open');
    expect(shopModeOf({ isCafeOpen: true, isBarOpen: true })).toBe('all-close');
    expect(shopModeOf({ isCafeOpen: false, isBarOpen: false })).toBe('all-close');
  });
  it('turns a shop value into flags, all-close meaning close-both', () => {
    expect(shopStatusFor('cafe-open')).toEqual({ isCafeOpen: true, isBarOpen: false });
    expect(shopStatusFor('bar-open')).toEqual({ isCafeOpen: false, isBarOpen: true });
    expect(shopStatusFor('all-close')).toEqual(shopStatusFor('close-both'));
  });
  it('names the venues a change closes (whose orders for later of the day are rejected)', () => {
    const cafe = shopStatusFor('cafe-open');
    expect(venuesClosing(cafe, shopStatusFor('close-both'))).toEqual(['cafe']);
    expect(venuesClosing(cafe, shopStatusFor('bar-open'))).toEqual(['cafe']);
    expect(venuesClosing({ isCafeOpen: true, isBarOpen: true }, shopStatusFor('close-both'))).toEqual(['cafe', 'bar']);
    expect(venuesClosing(shopStatusFor('close-both'), cafe)).toEqual([]);
  });
});

describe('cafe time', () => {
  it('takes the calendar day in the cafe zone, not UTC', () => {
    expect(cafeDayOf(new Date('2026-03-01T17:30:00Z'), BKK)).toBe('2026-03-02');
    expect(cafeDayOf(new Date('2026-03-01T16:59:59Z'), BKK)).toBe('2026-03-01');
    expect(startOfCafeDay('2026-03-02', BKK).toISOString()).toBe('2026-03-01T17:00:00.000Z');
  });
  it('knows the Friday 12:00 cut-off in cafe time', () => {
    // 2026-11-20 is a Friday.
    expect(isFridayCafeCutoff(new Date('2026-11-20T11:59:00+07:00'), BKK)).toBe(false);
    expect(isFridayCafeCutoff(new Date('2026-11-20T12:00:00+07:00'), BKK)).toBe(true);
    expect(isFridayCafeCutoff(new Date('2026-11-21T12:00:00+07:00'), BKK)).toBe(false);
    // 05:30 UTC Friday is 12:30 in Bangkok.
    expect(isFridayCafeCutoff(new Date('2026-11-20T05:30:00Z'), BKK)).toBe(true);
  });
  it('handles zones with daylight saving', () => {
    // New York, day after the spring-forward change: midnight is UTC-4.
    expect(startOfCafeDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
  it('builds statistics periods: week from Monday, month to the next month', () => {
    expect(periodRange('today', '2026-11-21')).toEqual({ startDate: '2026-11-21', endDate: '2026-11-22' });
    expect(periodRange('week', '2026-11-21')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-23' });
    expect(periodRange('week', '2026-11-16')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-23' });
    expect(periodRange('week', '2026-11-22')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-23' });
    expect(periodRange('month', '2026-12-31')).toEqual({ startDate: '2026-12-01', endDate: '2027-01-01' });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
  it('validates calendar days', () => {
    expect(isCafeDay('2026-02-29')).toBe(false);
    expect(isCafeDay('2028-02-29')).toBe(true);
    expect(isCafeDay('2026-1-01')).toBe(false);
  });
  it('measures great-circle distance', () => {
    const cafe = { lat: 13.7466, lng: 100.5393 };
    expect(distanceKm(cafe, cafe)).toBe(0);
    // 0.01 degree of latitude is about 1.11 km.
    expect(distanceKm(cafe, { lat: 13.7566, lng: 100.5393 })).toBeGreaterThan(1.1);
    expect(distanceKm(cafe, { lat: 13.7506, lng: 100.5393 })).toBeLessThan(0.5);
  });
});

describe('request schemas', () => {
  it('accepts only the sweetness levels', () => {
    expect(SweetnessSchema.safeParse(50).success).toBe(true);
    expect(SweetnessSchema.safeParse(60).success).toBe(false);
  });
  it('limits the remark to 50 characters with the specification message', () => {
    const base = { menu_id: 1, tumblerImage: '/api/images/x.webp' };
    expect(OrderCreateBodySchema.safeParse({ ...base, remark: 'x'.repeat(50) }).success).toBe(true);
    const tooLong = OrderCreateBodySchema.safeParse({ ...base, remark: 'x'.repeat(51) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(MESSAGES.remarkTooLong);
  });
  it('takes ids given as digit strings', () => {
    expect(OrderCreateBodySchema.parse({ menu_id: '12', tumblerImage: 'x' }).menu_id).toBe(12);
    expect(OrderCreateBodySchema.safeParse({ menu_id: 'abc', tumblerImage: 'x' }).success).toBe(false);
  });
  it('reads status filters as a list or a comma list', () => {
    expect(OrderListQuerySchema.parse({ status: 'ordered,in-progress' }).status).toEqual(['ordered', 'in-progress']);
    expect(OrderListQuerySchema.parse({ status: ['done', 'picked'] }).status).toEqual(['done', 'picked']);
    expect(OrderListQuerySchema.safeParse({ status: 'bogus' }).success).toBe(false);
  });
  it('normalises registration e-mail and rejects a blank name', () => {
    expect(RegisterBodySchema.parse({ name: 'Ann', email: ' Ann@Example.com ', password: 'password1' }).email).toBe(
      'ann@example.com',
    );
    expect(RegisterBodySchema.safeParse({ name: '   ', email: 'a@example.com', password: 'password1' }).success).toBe(
      false,
    );
  });
});
