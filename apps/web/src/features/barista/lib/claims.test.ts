import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { byClaim, claimOf } from './claims';

const ME = 7;
const mine = makeOrder({ id: 1, claimedBy: { id: ME, name: 'Mali' } });
const bea = makeOrder({ id: 2, status: 'in-progress', claimedBy: { id: 8, name: 'Bea' } });
const nobody = makeOrder({ id: 3, claimedBy: null });
const older = makeOrder({ id: 4 });
const ready = makeOrder({ id: 5, status: 'done', claimedBy: { id: 8, name: 'Bea' } });
const board = [mine, bea, nobody, older, ready];

describe('claims on the board', () => {
  it("keeps the barista's own tickets and those nobody has taken, those nobody has taken, or all; the finished drinks always", () => {
    // Mine hides only another barista's: a new order (nobody's) reaches every barista (decision 0099).
    expect(byClaim(board, 'mine', ME).map((o) => o.id)).toEqual([1, 3, 4, 5]);
    expect(byClaim(board, 'unclaimed', ME).map((o) => o.id)).toEqual([3, 4, 5]);
    expect(byClaim(board, 'all', ME).map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
    // Not signed in (yet): nothing is theirs, the new orders still show.
    expect(byClaim(board, 'mine', null).map((o) => o.id)).toEqual([3, 4, 5]);
  });

  it('says who makes an order as the barista sees it', () => {
    expect(claimOf(mine, ME)).toEqual({ kind: 'me', name: 'Mali' });
    expect(claimOf(bea, ME)).toEqual({ kind: 'other', name: 'Bea' });
    expect(claimOf(older, ME)).toEqual({ kind: 'none' });
  });
});
