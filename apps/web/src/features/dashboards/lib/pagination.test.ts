import { describe, expect, it } from 'vitest';
import { pageButtons, pageCount, pageSlice } from './pagination';

describe('pagination helpers', () => {
  it('counts pages and slices them', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(25, 10)).toBe(3);
    expect(pageSlice([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
  });

  it('shows every page when there are few, and gaps around the current one when there are many', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 'gap', 12]);
    expect(pageButtons(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageButtons(12, 12)).toEqual([1, 'gap', 11, 12]);
  });
});
