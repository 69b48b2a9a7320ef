/**
 * How many columns of tickets each lane of the board gets on a tablet or a desktop
 * (docs/decisions/0098-board-holds-any-count.md): a lane takes the width its tickets need. An empty
 * lane is only its header and count; every other lane has one column, and each further column that
 * fits goes to the lane with the most tickets per column (the earlier lane on a tie), never more
 * columns than tickets, nor more than the lane's cap.
 */

/** A ticket's narrowest column (11.5rem: Cancel and Do / Done whole beside the timeline), the gap between columns and between lanes (0.5rem), in px. */
export const TICKET_MIN_PX = 184;
export const GAP_PX = 8;
/** A lane's own padding, both sides together (p-1.5). */
export const LANE_CHROME_PX = 12;
/** The width of an empty lane: its header and its count (6.25rem). */
export const EMPTY_LANE_PX = 100;

/** A lane's width in px for its columns of tickets (an empty lane's: its header and count). */
const laneWidth = (cols: number) =>
  cols === 0 ? EMPTY_LANE_PX : LANE_CHROME_PX + cols * TICKET_MIN_PX + (cols - 1) * GAP_PX;

export interface LaneNeed {
  /** Its tickets (or lines). */
  count: number;
  /** At most this many columns (a list of short lines needs one). */
  cap?: number;
}

/** The columns of each lane in a row of `width` px; 0 for an empty lane. Without a width (not measured yet): one each. */
export function laneColumns(width: number, lanes: readonly LaneNeed[]): number[] {
  const columns: number[] = lanes.map((lane) => (lane.count > 0 ? 1 : 0));
  if (!(width > 0)) return columns;
  let used = columns.reduce((sum, cols) => sum + laneWidth(cols), 0) + Math.max(0, lanes.length - 1) * GAP_PX;
  for (;;) {
    let best = -1;
    for (let i = 0; i < lanes.length; i += 1) {
      const lane = lanes[i]!;
      const cols = columns[i]!;
      if (cols === 0 || cols >= Math.min(lane.count, lane.cap ?? Infinity)) continue;
      if (best === -1 || lane.count / cols > lanes[best]!.count / columns[best]!) best = i;
    }
    if (best === -1 || used + TICKET_MIN_PX + GAP_PX > width) break;
    columns[best]! += 1;
    used += TICKET_MIN_PX + GAP_PX;
  }
  return columns;
}

/**
 * The row's `grid-template-columns`: an empty lane its fixed width, the others a share of the rest
 * in proportion to their columns' width, so every column of every lane is about as wide.
 */
export function laneTemplate(columns: readonly number[]): string {
  return columns.map((cols) => (cols === 0 ? `${EMPTY_LANE_PX / 16}rem` : `minmax(0,${laneWidth(cols)}fr)`)).join(' ');
}
