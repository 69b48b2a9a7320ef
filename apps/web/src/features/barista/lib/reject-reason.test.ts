import { MESSAGES } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { otherReasonError, otherReasonTooLong, rejectNoteOf } from './reject-reason';

describe('reject reason', () => {
  it('needs a choice', () => {
    expect(rejectNoteOf(null, '')).toBeNull();
    expect(rejectNoteOf('Machine Failure', '')).toBe('Machine Failure');
  });

  it('takes Other text of at most 27 characters that does not start with a space', () => {
    expect(rejectNoteOf('Other', '')).toBeNull();
    expect(rejectNoteOf('Other', 'No oat milk')).toBe('No oat milk');
    expect(rejectNoteOf('Other', 'x'.repeat(27))).toBe('x'.repeat(27));
    expect(rejectNoteOf('Other', 'x'.repeat(28))).toBeNull();
    expect(rejectNoteOf('Other', ' No oat milk')).toBeNull();
    expect(otherReasonError(' x')).toBe(MESSAGES.nameLeadingSpace);
    expect(otherReasonError('x'.repeat(28))).toBe(otherReasonTooLong());
  });
});
