import { soldOutUntilText } from '@cafe/shared';

/**
 * A sold-out at a site at `now` (an item's, or an option choice's): marked sold out and its end,
 * if it has one, still ahead. A sold-out whose end has passed is over without anyone clearing it.
 */
export function soldOutAt(
  row: { sold_out: number; sold_out_until: string | null } | undefined,
  now: Date,
): { soldOut: boolean; soldOutUntil: string | null } {
  const until = row?.sold_out_until ?? null;
  const soldOut = row?.sold_out === 1 && (until === null || Date.parse(until) > now.getTime());
  return { soldOut, soldOutUntil: soldOut ? until : null };
}

/** " until 14:05" (the site's clock) for a sold-out with an end, "" for one without: for its refusal's message. */
export const untilText = soldOutUntilText;
