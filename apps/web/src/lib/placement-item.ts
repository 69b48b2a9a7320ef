import type { Menu, PlacementItem } from '@cafe/shared';

/** A menu item as the decision sees it at the site: a sold-out whose end has passed is over already. */
export function placementItemOf(item: Menu, venue: 'cafe' | 'bar', now: Date): PlacementItem {
  const at = item.atSite;
  const soldOut =
    at?.soldOut && (at.soldOutUntil === null || new Date(at.soldOutUntil).getTime() > now.getTime())
      ? { until: at.soldOutUntil }
      : null;
  return { name: item.name, venue, active: item.isActive === 'active', served: at?.available ?? true, soldOut };
}
