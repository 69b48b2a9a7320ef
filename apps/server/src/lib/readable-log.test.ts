import { describe, expect, it } from 'vitest';
import { readableMessage, zonedText } from './readable-log';

describe('the readable log', () => {
  it("writes an entry's fields as name=value words, nested ones by their path, never as JSON", () => {
    const entry = {
      level: 30,
      time: 1,
      pid: 2,
      hostname: 'h',
      msg: 'retention: deleted what was past its time',
      photos: 0,
      change: { from: 'bar-open', to: 'close-both' },
      note: 'two words',
      sites: [1, 2],
    };
    expect(readableMessage(entry, 'msg')).toBe(
      'retention: deleted what was past its time photos=0 change.from=bar-open change.to=close-both note="two words" sites=1,2',
    );
  });

  it("keeps an error's message and stack", () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' };
    expect(readableMessage({ msg: 'failed', err }, 'msg')).toBe('failed err=boom \nError: boom\n    at here');
  });

  it("names an instant in the site's zone", () => {
    expect(zonedText(new Date('2026-11-27T11:00:00Z'), 'Asia/Bangkok')).toBe('Fri 27 Nov 18:00 (Asia/Bangkok)');
  });
});
