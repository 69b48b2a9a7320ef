import {
  placementItemOf,
  placementRefusal,
  type Menu,
  type PlacementItem,
  type PlacementRefusal,
  type PlacementSite,
} from '@cafe/shared';
import { useCafeStatus } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { useHomeSite } from '@/api/sites';
import { useNow } from '@/hooks/use-now';
import { useOrderingStatus } from '@/features/order-ahead/api/get-ordering-status';

/**
 * The person's site as the placement decision (packages/shared/src/placement.ts) needs it: the
 * home site of GET /sites (its name, zone, position, radius, venues), its live shop status and busy
 * mode. Until the sites have loaded, the deployment's settings stand in (the first site's values).
 * `archived`: the person's home site is no longer listed (GET /sites leaves archived ones out), so
 * they must choose another before ordering; the server refuses with 409 SITE_ARCHIVED.
 */
export function usePlacementSite(): { site: PlacementSite; homeArchived: boolean; siteId: number | undefined } {
  const settings = useSettings();
  const me = useMe();
  const { site: home, sites } = useHomeSite();
  const status = useCafeStatus();
  const busy = useOrderingStatus().data;
  const homeArchived =
    me !== null && me.homeSiteId != null && sites.length > 0 && !sites.some((s) => s.id === me.homeSiteId);
  const site: PlacementSite = {
    name: home?.name ?? '',
    archived: homeArchived,
    timeZone: home?.timeZone ?? settings.cafeTimeZone,
    latitude: home?.latitude ?? settings.cafe.latitude,
    longitude: home?.longitude ?? settings.cafe.longitude,
    radiusKm: home?.radiusKm ?? settings.orderRadiusKm,
    venues: home?.venues ?? { cafe: true, bar: true },
    status,
    pause:
      busy?.paused && busy.reason ? { reason: busy.reason, estimatedWaitMinutes: busy.estimatedWaitMinutes } : null,
  };
  return { site, homeArchived, siteId: homeArchived ? undefined : home?.id };
}

/**
 * "May this person order this now" for a venue's menu, asked of the shared decision
 * (`placementRefusal`, packages/shared/src/placement.ts) before anyone types: `refusalOf(item)` is
 * its first refusal for the item as it is at the site (the shared `placementItemOf`): the site
 * (archived), the item there (its hours, the Friday cut-off, served, sold out), then what holds for
 * every drink ordered as soon as possible (busy mode). The position is read when "Place order" is
 * tapped, and the daily limit has its own alert (the specification's), so neither is asked here.
 * `venueRefusal` is the refusal that holds for the whole venue, whatever the item. The server asks
 * the same decision last. `later`: the drink is for that pickup time (a coffee run's), so busy mode
 * does not hold it up and the item's hours are those of then.
 */
export function usePlacement(venue: 'cafe' | 'bar', later: Date | null = null) {
  const { barOnlineOrdering } = useSettings();
  const me = useMe();
  const { site, homeArchived, siteId } = usePlacementSite();
  const now = useNow();

  const refusalOfPlacementItem = (item: PlacementItem): PlacementRefusal | null =>
    placementRefusal({
      channel: 'online',
      person: { email: me?.email ?? '' },
      site,
      item,
      later: later ? { at: later } : null,
      now,
      settings: { locationCheck: false, barOnlineOrdering },
    });

  const refusalOf = (item: Menu) => refusalOfPlacementItem(placementItemOf(item, venue, now));
  const venueRefusal = refusalOfPlacementItem({
    name: '',
    venue,
    active: true,
    served: true,
    soldOut: null,
  });
  return { site, siteId, homeArchived, refusalOf, venueRefusal };
}
