import {
  draftRefusal,
  itemRefusal,
  siteRefusal,
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
import { placementItemOf } from '@/lib/placement-item';
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
 * "May this person order this now" for a venue's menu, asked of the shared decision before anyone
 * types: `refusalOf(item)` is the site's refusal (archived), then the item's at the site (its hours,
 * the Friday cut-off, served, sold out), then what holds for every drink ordered as soon as possible
 * (busy mode). `venueRefusal` is the refusal that holds for the whole venue, whatever the item.
 * The server asks the same functions last.
 */
export function usePlacement(venue: 'cafe' | 'bar') {
  const { locationCheck, barOnlineOrdering } = useSettings();
  const { site, homeArchived, siteId } = usePlacementSite();
  const now = useNow();
  const settings = { locationCheck, barOnlineOrdering };

  const refusalOfPlacementItem = (item: PlacementItem): PlacementRefusal | null =>
    siteRefusal(site) ??
    itemRefusal({ channel: 'online', item, later: null, now, settings, site }) ??
    // The position is read when "Place order" is tapped; here only busy mode and what came before.
    draftRefusal({ channel: 'online', later: null, settings: { ...settings, locationCheck: false }, site, item });

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
