import { describe, expect, it } from 'vitest';
import { formatDistance } from './geolocation';

describe('formatDistance', () => {
  it('gives metres under a kilometre and kilometres above', () => {
    expect(formatDistance(0.4567)).toBe('460 m');
    expect(formatDistance(1)).toBe('1 km');
    expect(formatDistance(1.04)).toBe('1.04 km');
    expect(formatDistance(3.2002)).toBe('3.2 km');
    expect(formatDistance(12.34)).toBe('12.3 km');
    expect(formatDistance(1234.5)).toBe('1,235 km');
  });
});
