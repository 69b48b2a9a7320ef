/**
 * How many tickets a column shows when `capacity` tiles fit in it: all of them when they fit;
 * otherwise one tile fewer than fit, and that last tile says how many more there are. A capacity
 * not known yet (no layout) shows all of them.
 */
export function fitTickets(total: number, capacity: number | null): { shown: number; more: number } {
  if (capacity === null || total <= capacity) return { shown: total, more: 0 };
  const shown = Math.max(0, capacity - 1);
  return { shown, more: total - shown };
}

/**
 * How many tiles of a grid fit in its box: whole rows only (a tile cut in half is a number half
 * read), each as tall as its tallest tile, times the columns of the first row. Null while the grid
 * has no layout.
 */
export function gridCapacity(list: HTMLElement): number | null {
  const tiles = [...list.children] as HTMLElement[];
  const first = tiles[0];
  if (!first || first.offsetHeight === 0 || list.clientHeight === 0) return null;
  const style = getComputedStyle(list);
  const gap = parseFloat(style.rowGap) || 0;
  const columns = Math.max(1, tiles.filter((tile) => tile.offsetTop === first.offsetTop).length);
  const tallest = Math.max(...tiles.map((tile) => tile.offsetHeight));
  const rows = Math.max(1, Math.floor((list.clientHeight + gap) / (tallest + gap)));
  return rows * columns;
}
