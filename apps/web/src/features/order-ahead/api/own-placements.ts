/*
 * This tab's own placements, for the live updates of My orders (use-live-updates.ts): the `orders`
 * event of an order placed here tells nothing the placement's answer did not (place-order.ts). A
 * module without schemas: the menu's first screen loads it.
 */

/** How many of this tab's placements are on their way. */
let placing = 0;
/** The orders this tab placed (the latest few). */
const placedHere: number[] = [];
const PLACED_KEPT = 20;
/** New orders announced while a placement of this tab was on its way: its own, or another's. */
const announcedWhilePlacing = new Set<number>();

/**
 * Whether the `orders` event of a new order (`from: null`) is this tab's own placement, whose
 * consequences the placement takes care of: its answer carries the place and the daily count (or
 * the placement reads them). While a placement is on its way its id is not known yet: the event
 * is noted, and one that turns out to be another order (placed by Slack, a standing order,
 * another device) makes the placement read the list and the count (`placementSettled`).
 */
export function isOwnPlacement(id: number): boolean {
  if (placedHere.includes(id)) return true;
  if (placing === 0) return false;
  announcedWhilePlacing.add(id);
  return true;
}

export function placementStarted(): void {
  placing += 1;
}

/**
 * A placement of this tab ended (`id`: the order it made, when it answered). Answers whether
 * another new order was announced meanwhile, which the list does not hold yet.
 */
export function placementSettled(id: number | undefined): { othersAnnounced: boolean } {
  placing = Math.max(0, placing - 1);
  if (id !== undefined) {
    placedHere.push(id);
    if (placedHere.length > PLACED_KEPT) placedHere.shift();
  }
  const othersAnnounced = [...announcedWhilePlacing].some((other) => other !== id);
  if (placing === 0) announcedWhilePlacing.clear();
  return { othersAnnounced };
}
