import type { TimelineEntry } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { timelineStepText, undoableEntry } from './timeline';

const BEA = { id: 2, name: 'Bea Barista' };
const entry = (status: string, from: string | null, at: string, note: string | null = null): TimelineEntry => ({
  status,
  from,
  at,
  by: BEA,
  note,
});

describe('order timeline', () => {
  it('says what each move was', () => {
    expect(timelineStepText(entry('ordered', null, ''))).toBe('Placed');
    expect(timelineStepText(entry('in-progress', 'ordered', ''))).toBe('Taken (Do)');
    expect(timelineStepText(entry('done', 'in-progress', ''))).toBe('Done');
    expect(timelineStepText(entry('picked', 'done', ''))).toBe('Picked up');
    expect(timelineStepText(entry('cancel', 'ordered', ''))).toBe('Canceled by user');
    expect(timelineStepText(entry('rejected', 'ordered', '', 'Machine Failure'))).toBe(
      'Canceled by barista: Machine Failure',
    );
    expect(timelineStepText(entry('in-progress', 'done', '', 'undo'))).toBe('Undone: back to in progress');
    // An order for later: placed, then moved to the queue when it fell due.
    expect(timelineStepText(entry('scheduled', null, ''))).toBe('Placed for later');
    expect(timelineStepText(entry('ordered', 'scheduled', '', 'due'))).toBe('Due: moved to Waiting');
    expect(timelineStepText(entry('ordered', 'rejected', '', 'undo'))).toBe('Undone: back to waiting');
  });

  it("offers the undo of a barista's last move for 30 seconds", () => {
    const placed = entry('ordered', null, '2025-11-20T02:00:00.000Z');
    const done = entry('done', 'in-progress', '2025-11-20T02:05:00.000Z');
    const list = [placed, entry('in-progress', 'ordered', '2025-11-20T02:01:00.000Z'), done];
    const at = (seconds: number) => Date.parse(done.at) + seconds * 1000;
    expect(undoableEntry(list, at(29))).toBe(done);
    expect(undoableEntry(list, at(30))).toBeNull();
    // Nothing to take back: just placed, picked up by the customer, or already undone.
    expect(undoableEntry([placed], at(1))).toBeNull();
    expect(undoableEntry([...list, entry('picked', 'done', '2025-11-20T02:05:10.000Z')], at(11))).toBeNull();
    expect(
      undoableEntry([...list, entry('in-progress', 'done', '2025-11-20T02:05:05.000Z', 'undo')], at(6)),
    ).toBeNull();
  });
});
