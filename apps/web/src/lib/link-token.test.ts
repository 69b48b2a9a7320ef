import { describe, expect, it } from 'vitest';
import { linkToken } from './link-token';

describe("an e-mailed link's token", () => {
  it('is read from the fragment, or from the query of an older mail', () => {
    expect(linkToken({ hash: '#token=abc-_1', search: '' })).toBe('abc-_1');
    expect(linkToken({ hash: '', search: '?token=old' })).toBe('old');
    expect(linkToken({ hash: '#token=new', search: '?token=old' })).toBe('new');
    expect(linkToken({ hash: '', search: '' })).toBe('');
  });
});
