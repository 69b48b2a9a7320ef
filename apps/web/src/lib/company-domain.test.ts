import { describe, expect, it } from 'vitest';
import { isCompanyEmail } from './company-domain';

describe('isCompanyEmail', () => {
  it('compares the domain without case', () => {
    expect(isCompanyEmail('a@Example.COM', 'example.com')).toBe(true);
    expect(isCompanyEmail('a@example.com.evil', 'example.com')).toBe(false);
    expect(isCompanyEmail('a@sub.example.com', 'example.com')).toBe(false);
  });

  it('accepts anything when no domain is known (the server decides)', () => {
    expect(isCompanyEmail('a@gmail.com', null)).toBe(true);
  });
});
