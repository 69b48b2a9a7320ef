import type { CafeStatus, OrderingStatus, Site } from '@cafe/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { apiServerChecked } from '@/lib/api-client';
import { staffSiteOf, useStaffSiteChoice } from '@/lib/site-choice';
import { useMe } from './me';
import { useSettings } from './settings';
import { homeSiteOf, useSites } from './sites';

/*
 * What a site is right now, read in one place (ARCHITECTURE, third landing): a screen says which
 * site it is about (SiteScope, set once by the route layout) and reads that site's facts here,
 * never the company-wide GET /settings, which names only the first site's zone and position.
 * useSettings() stays for what is the company's (e-mail domain, sign-in, push key, limits).
 */

/** Which site a screen is about: the person's home site (customer screens) or the staff site. */
export type SiteScopeKind = 'home' | 'staff';

const SiteScopeContext = createContext<SiteScopeKind>('home');

/**
 * Says which site the screens below are about. The router sets it once per group of routes: the
 * staff screens (board, history, shop status, walk-up, busy mode, hours, menu management) are
 * about the staff site chosen on this device; every other screen is about the person's home site.
 */
export function SiteScope({ of, children }: { of: SiteScopeKind; children: ReactNode }) {
  return <SiteScopeContext.Provider value={of}>{children}</SiteScopeContext.Provider>;
}

/** Which site the screen is about, as its route layout said. */
export function useSiteScope(): SiteScopeKind {
  return useContext(SiteScopeContext);
}

/**
 * GET /ordering-status?siteId: busy mode of one site (without siteId the server's choice: the
 * caller's own site). Public; its answer is checked by the server against the contract.
 */
export const fetchSiteOrderingStatus = (siteId: number | undefined, signal?: AbortSignal) =>
  apiServerChecked<OrderingStatus>('/ordering-status', { query: { siteId }, signal });

/**
 * Busy mode of one site under its own key. The board keeps the staff site's current from the
 * `ordering-status` live event (the live channel follows that site).
 */
export const siteOrderingStatusQueryOptions = (siteId: number | undefined) =>
  queryOptions({
    queryKey: ['ordering-status', { siteId }] as const,
    queryFn: ({ signal }) => fetchSiteOrderingStatus(siteId, signal),
  });

/** Both venues off: what a site runs is not known before GET /sites has answered. */
const NO_VENUES: Site['venues'] = { cafe: false, bar: false };

export interface SiteState {
  /** The site (sent as `siteId`); undefined for a staff screen of someone who runs no site. */
  siteId: number | undefined;
  /** The site as GET /sites has it, kept current by the `site` live event; undefined while it loads. */
  site: Site | undefined;
  /** Whether the site's facts are still on their way (GET /sites). */
  isPending: boolean;
  /** Reads the sites again (after a failure). */
  refetch: () => void;
  /**
   * The site's zone: its "today", the times on its board and its opening hours. Until GET /sites
   * has answered, the zone the deployment started with (the first site's); the staff screens wait
   * for their site instead (components/layout/staff-site-scope.tsx), so only a customer's first
   * paint can see it.
   */
  timeZone: string;
  /** The venues the site runs: only these are offered (shop status, hours, busy mode, walk-up). */
  venues: Site['venues'];
  /** Which venue is open now (undefined while loading). */
  status: CafeStatus | undefined;
  /** Busy mode of the site's cafe, when asked for (`{ busy: true }`); undefined while loading. */
  busy: OrderingStatus | undefined;
}

/**
 * The facts of site `siteId`: the Site of GET /sites, and with `busy` its busy mode (GET
 * /ordering-status?siteId; only screens that show it ask, so a clock or a ticket does not read it).
 */
export function useSiteState(siteId: number | undefined, options: { busy?: boolean } = {}): SiteState {
  const sites = useSites();
  const { cafeTimeZone } = useSettings();
  const busy = useQuery({ ...siteOrderingStatusQueryOptions(siteId), enabled: options.busy === true });
  const site = siteId === undefined ? undefined : sites.data?.find((s) => s.id === siteId);
  return {
    siteId,
    site,
    isPending: sites.isPending,
    refetch: () => void sites.refetch(),
    timeZone: site?.timeZone ?? cafeTimeZone,
    venues: site?.venues ?? NO_VENUES,
    status: site?.status,
    busy: busy.data,
  };
}

/**
 * The id of the site the screen is about: the staff site on staff screens (lib/site-choice.ts), the
 * person's home site elsewhere (the first site for a visitor or someone who chose none).
 */
export function useScreenSiteId(): number | undefined {
  const scope = useSiteScope();
  const me = useMe();
  const chosen = useStaffSiteChoice((state) => state.siteId);
  const sites = useSites().data;
  return scope === 'staff' ? staffSiteOf(chosen, me) : homeSiteOf(sites, me?.homeSiteId)?.id;
}

/** The facts of the site the screen is about (see SiteScope); `busy` as for useSiteState. */
export function useScreenSite(options: { busy?: boolean } = {}): SiteState {
  return useSiteState(useScreenSiteId(), options);
}
