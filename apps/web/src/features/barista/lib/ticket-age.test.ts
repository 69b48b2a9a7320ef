import { describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { ageMinutes, ageTone, DEFAULT_AGE_THRESHOLDS, formatAge, parseThresholds, thresholdsError } from './ticket-age';

const PLACED = '2025-11-20T02:00:00.000Z';
const at = (minutes: number, seconds = 0) => Date.parse(PLACED) + minutes * 60_000 + seconds * 1000;

describe('ticket age', () => {
  it('counts whole minutes since the order was placed, never below zero', () => {
    expect(ageMinutes(PLACED, at(0, 59))).toBe(0);
    expect(ageMinutes(PLACED, at(7, 30))).toBe(7);
    expect(ageMinutes(PLACED, at(-1))).toBe(0);
    expect(ageMinutes('not a date', at(3))).toBe(0);
  });

  it('turns amber and then red at the thresholds (5 and 10 minutes unless set)', () => {
    expect(ageTone(4, DEFAULT_AGE_THRESHOLDS)).toBe('fresh');
    expect(ageTone(5, DEFAULT_AGE_THRESHOLDS)).toBe('amber');
    expect(ageTone(9, DEFAULT_AGE_THRESHOLDS)).toBe('amber');
    expect(ageTone(10, DEFAULT_AGE_THRESHOLDS)).toBe('red');
    expect(ageTone(2, { amberMinutes: 2, redMinutes: 3 })).toBe('amber');
  });

  it('reads as a ticket shows it', () => {
    expect(formatAge(0)).toBe('<1 min');
    expect(formatAge(7)).toBe('7 min');
    expect(formatAge(65)).toBe('1 h 05');
  });

  it('takes whole minutes from 1 to 120, red after amber', () => {
    expect(thresholdsError('5', '10')).toBeNull();
    expect(thresholdsError('', '10')).toBe('Use whole minutes from 1 to 120.');
    expect(thresholdsError('2.5', '10')).toBe('Use whole minutes from 1 to 120.');
    expect(thresholdsError('0', '10')).toBe('Use whole minutes from 1 to 120.');
    expect(thresholdsError('5', '121')).toBe('Use whole minutes from 1 to 120.');
    expect(thresholdsError('10', '10')).toBe('Red must come after amber.');
  });

  it('falls back to the defaults for anything unreadable in storage', () => {
    expect(parseThresholds('3', '8')).toEqual({ amberMinutes: 3, redMinutes: 8 });
    expect(parseThresholds(null, '8')).toEqual(DEFAULT_AGE_THRESHOLDS);
    expect(parseThresholds('9', '8')).toEqual(DEFAULT_AGE_THRESHOLDS);
    expect(parseThresholds('soon', 'later')).toEqual(DEFAULT_AGE_THRESHOLDS);
  });
});

describe('ticket age in Thai', () => {
  it('reads and checks in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    expect(formatAge(0)).toBe('<1 นาที');
    expect(formatAge(7)).toBe('7 นาที');
    expect(formatAge(65)).toBe('1 ชม. 05');
    expect(thresholdsError('10', '10')).toBe('สีแดงต้องมากกว่าสีเหลือง');
  });
});
