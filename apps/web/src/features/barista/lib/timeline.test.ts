import { TIMELINE_NOTES, TUMBLER_NOT_FOUND_NOTE, type TimelineEntry } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { timelineStepText, undoableEntry, undoMoveOf } from './timeline';

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

  it('says what the counter did: tumbler marks, the reminder, not collected, the automatic cancel', () => {
    expect(timelineStepText(entry('ordered', 'ordered', '', TIMELINE_NOTES.tumblerMissing))).toBe('Tumbler not here');
    expect(timelineStepText(entry('in-progress', 'in-progress', '', TIMELINE_NOTES.tumblerFound))).toBe(
      'Tumbler found',
    );
    expect(timelineStepText(entry('done', 'done', '', TIMELINE_NOTES.reminded))).toBe('Reminded to pick up');
    expect(timelineStepText(entry('uncollected', 'done', ''))).toBe('Not collected');
    expect(timelineStepText(entry('done', 'picked', '', 'undo'))).toBe('Undone: back to Ready');
    expect(timelineStepText(entry('ordered', 'ordered', '', 'undo'))).toBe('Undone: Tumbler not here taken back');
    expect(timelineStepText(entry('rejected', 'ordered', '', TUMBLER_NOT_FOUND_NOTE))).toBe(
      'Canceled by barista: Barista can not find your tumbler',
    );
  });

  it("offers the undo of a handover, a not collected and a tumbler mark, not of the owner's pick-up", () => {
    const done = entry('done', 'in-progress', '2025-11-20T02:05:00.000Z');
    const at = (seconds: number) => Date.parse(done.at) + seconds * 1000;
    const owner = { user: { id: 100, name: 'Ann' } };
    const handedOver = entry('picked', 'done', '2025-11-20T02:06:00.000Z');
    expect(undoableEntry([done, handedOver], at(70), owner)).toBe(handedOver);
    const pickedByOwner = { ...handedOver, by: owner.user };
    expect(undoableEntry([done, pickedByOwner], at(70), owner)).toBeNull();
    const uncollected = entry('uncollected', 'done', '2025-11-20T02:06:00.000Z');
    expect(undoableEntry([done, uncollected], at(70), owner)).toBe(uncollected);
    const mark = entry('ordered', 'ordered', '2025-11-20T02:06:00.000Z', TIMELINE_NOTES.tumblerMissing);
    expect(undoableEntry([mark], at(70), owner)).toBe(mark);
    expect(undoMoveOf(mark)).toBe('tumbler-missing');
    expect(undoMoveOf(uncollected)).toBe('uncollected');
    // The server takes back a "not here", not a "found".
    const found = entry('ordered', 'ordered', '2025-11-20T02:06:00.000Z', TIMELINE_NOTES.tumblerFound);
    expect(undoableEntry([mark, found], at(70), owner)).toBeNull();
    // A reminder is the server's, nothing a barista takes back.
    const reminded = { ...entry('done', 'done', '2025-11-20T02:06:00.000Z', TIMELINE_NOTES.reminded), by: null };
    expect(undoableEntry([done, reminded], at(70), owner)).toBeNull();
  });
});
