/** Number of pages for a list (at least 1, so an empty list still has its page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page (pages count from 1). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/**
 * The numbered buttons to show: every page when there are few; otherwise the first, the last and
 * the neighbours of the current one, with gaps between.
 */
export function pageButtons(current: number, count: number): (number | 'gap')[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const wanted = new Set([1, count, current - 1, current, current + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [i, page] of pages.entries()) {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous > 1) result.push('gap');
    result.push(page);
  }
  return result;
}
