import { describe, expect, it } from 'vitest';
import { fitTickets } from './fit-tickets';

describe('fitTickets', () => {
  it('shows every ticket when they fit, or while the room is not known', () => {
    expect(fitTickets(12, 12)).toEqual({ shown: 12, more: 0 });
    expect(fitTickets(40, null)).toEqual({ shown: 40, more: 0 });
  });

  it('gives the last tile that fits to the count of the others', () => {
    expect(fitTickets(13, 12)).toEqual({ shown: 11, more: 2 });
    expect(fitTickets(30, 1)).toEqual({ shown: 0, more: 30 });
  });
});
