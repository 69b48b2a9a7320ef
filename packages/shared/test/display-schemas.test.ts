import { describe, expect, it } from 'vitest';
import { DisplayLinkCreateBodySchema, pickupName } from '../src';

describe('the pickup screen', () => {
  it('shows a first name and the initial of the last name', () => {
    expect(pickupName('Somchai Jaidee')).toBe('Somchai J.');
    expect(pickupName('  anna  maria  smith ')).toBe('anna S.');
    expect(pickupName('Anna')).toBe('Anna');
    expect(pickupName('สมชาย ใจดี')).toBe('สมชาย ใ.');
    // A letter with its marks, not half of it.
    expect(pickupName('Ann ที่ดี')).toBe('Ann ที่.');
    expect(pickupName('')).toBe('');
  });

  it('takes a label of up to 80 characters, trimmed, and none', () => {
    expect(DisplayLinkCreateBodySchema.parse({ label: '  Lobby ' })).toEqual({ label: 'Lobby' });
    expect(DisplayLinkCreateBodySchema.parse({})).toEqual({ label: '' });
    expect(DisplayLinkCreateBodySchema.safeParse({ label: 'x'.repeat(81) }).success).toBe(false);
  });
});
