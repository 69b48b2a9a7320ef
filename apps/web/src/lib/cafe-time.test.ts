import { describe, expect, it } from 'vitest';
import { cafeToday } from './cafe-time';

describe('cafe time', () => {
  it('takes today in the cafe zone, not the device zone', () => {
    // 20:00 UTC on the 20th is 03:00 on the 21st in Bangkok.
    expect(cafeToday(new Date('2026-11-20T20:00:00Z'))).toBe('2026-11-21');
  });
});
