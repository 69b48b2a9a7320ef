import type { Menu } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useHomeSite, useHomeTimeZone } from '@/api/sites';
import { useNow } from '@/hooks/use-now';
import { formatCafeTime } from '@/lib/cafe-time';

/**
 * Why an item cannot be ordered at the person's site, in words, or null when the site makes it:
 * "Not served at Tower B", "Sold out until 14:00" (the site's clock), "Sold out". A sold-out whose
 * end has passed is over here too, before the menu is read again; the server still decides.
 */
export function useItemAtSite(): (item: Pick<Menu, 'atSite'>) => string | null {
  const { _ } = useLingui();
  const { site } = useHomeSite();
  const timeZone = useHomeTimeZone();
  const now = useNow();
  return ({ atSite }) => {
    if (!atSite) return null;
    if (!atSite.available) return site ? _('order.menu.notServedAt', { site: site.name }) : _('order.menu.notServed');
    if (!atSite.soldOut) return null;
    if (atSite.soldOutUntil === null) return _('order.menu.soldOut');
    if (new Date(atSite.soldOutUntil).getTime() <= now.getTime()) return null;
    return _('order.menu.soldOutUntil', { time: formatCafeTime(atSite.soldOutUntil, timeZone) });
  };
}
