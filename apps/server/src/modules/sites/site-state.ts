import { peopleText, distanceKm, siteRefusal, type Site } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { createMemoryCache } from '../../lib/cache';
import { AppError, forbidden, notFound, refuse } from '../../lib/errors';
import type { LiveSite } from '../../realtime/socket';
import { toRecord, type SiteRecord } from './sites.mapper';
import { findSite, holdSites, listAssignments, listSites, lockSite } from './sites.repository';

export type { SiteRecord } from './sites.mapper';

interface Snapshot {
  /** Every site, archived ones too, by id. */
  sites: SiteRecord[];
  byId: Map<number, SiteRecord>;
  /** The sites each barista works at, by user id. */
  staffSites: Map<number, number[]>;
}

export const siteNotFound = (id: number) => notFound(`Site ${id}`, peopleText('people.notFound.site', { id }));
const notYourSite = (site: Pick<Site, 'name'>) =>
  forbidden(
    `You are not a barista of ${site.name}. Ask an admin to add you to it.`,
    peopleText('people.sites.notBarista', { site: site.name }),
  );

/** The contract's shape of a site record. */
export function toPublic(site: SiteRecord): Site {
  const { statusChange: _statusChange, busy: _busy, pickup: _pickup, ...rest } = site;
  return rest;
}

/**
 * What a site is right now (docs/decisions/0045-one-core.md): its place, zone and radius, the venues
 * it runs and which are open, busy mode, pickup settings and its baristas, and every rule about
 * which site a person, a barista or a request acts on. Read on every request and changed a few
 * times a day: kept in memory, and dropped in every process when any part changes. Each part is
 * written by the module that owns it (sites, shop status, busy mode, pickup), which then emits its
 * event; this state follows those events.
 */
export function createSiteState(ctx: AppBase) {
  const { db } = ctx;
  const cache = createMemoryCache<'all', Snapshot>({ topic: 'sites', bus: ctx.bus, ttlMs: 60_000 });
  const read = () =>
    cache.get('all', async () => {
      const [rows, assignments] = await Promise.all([listSites(db), listAssignments(db)]);
      const sites = rows.map(toRecord);
      const staffSites = new Map<number, number[]>();
      for (const { site_id, user_id } of assignments) {
        staffSites.set(user_id, [...(staffSites.get(user_id) ?? []), site_id]);
      }
      return { sites, byId: new Map(sites.map((s) => [s.id, s])), staffSites };
    });

  async function get(siteId: number): Promise<SiteRecord> {
    const site = (await read()).byId.get(siteId);
    if (!site) throw siteNotFound(siteId);
    return site;
  }

  /** The site that serves people who chose none: the oldest site not archived. */
  async function defaultSite(): Promise<SiteRecord> {
    const { sites } = await read();
    const site = sites.find((s) => !s.archived) ?? sites[0];
    if (!site) throw new Error('There is no site (migration 009 makes the first one).');
    return site;
  }

  /** The site a person orders at and reads: their home site, or the default one while they have none. */
  async function homeSiteOf(user: Pick<AuthUser, 'homeSiteId'> | null): Promise<SiteRecord> {
    const home = user?.homeSiteId == null ? undefined : (await read()).byId.get(user.homeSiteId);
    return home && !home.archived ? home : defaultSite();
  }

  /** The sites a barista works at (admins: every site not archived), in the order of GET /sites. */
  async function staffSiteIds(user: AuthUser): Promise<number[]> {
    const snapshot = await read();
    if (user.role === 'admin') return snapshot.sites.filter((s) => !s.archived).map((s) => s.id);
    if (user.role !== 'barista') return [];
    const mine = new Set(snapshot.staffSites.get(user.id) ?? []);
    return snapshot.sites.filter((s) => !s.archived && mine.has(s.id)).map((s) => s.id);
  }

  /**
   * The site a barista or admin acts on: the one asked for (a barista only at a site of theirs,
   * else 403), or without one their home site when they work there, else the first site they work at.
   */
  async function forStaff(user: AuthUser, requested?: number): Promise<SiteRecord> {
    if (requested !== undefined) {
      const site = await get(requested);
      refuse(siteRefusal(site));
      if (user.role === 'admin') return site;
      const snapshot = await read();
      if (!(snapshot.staffSites.get(user.id) ?? []).includes(site.id)) throw notYourSite(site);
      return site;
    }
    const ids = await staffSiteIds(user);
    const home = await homeSiteOf(user);
    if (user.role === 'admin' || ids.includes(home.id)) return home;
    const first = ids[0];
    if (first === undefined)
      throw forbidden(
        'You are not a barista of any site yet. Ask an admin to add you to one.',
        peopleText('people.sites.notBaristaAny'),
      );
    return get(first);
  }

  /** The site a read is about: the one asked for, or the caller's home site (the default one for anyone signed out). */
  async function forReading(user: AuthUser | null, requested?: number): Promise<SiteRecord> {
    return requested === undefined ? homeSiteOf(user) : get(requested);
  }

  /** Where a person's order goes: the site asked for, or their home site; never an archived one. */
  async function forOrder(user: AuthUser, requested?: number): Promise<SiteRecord> {
    // A home site that was archived is not silently swapped for another: the person chooses one.
    const home = user.homeSiteId == null ? undefined : (await read()).byId.get(user.homeSiteId);
    const site = requested !== undefined ? await get(requested) : (home ?? (await defaultSite()));
    refuse(siteRefusal(site));
    return site;
  }

  /** A site a person may choose to order at: one that exists and is not archived. */
  async function forHomeSite(siteId: number): Promise<Site> {
    const site = await get(siteId);
    refuse(siteRefusal(site));
    return toPublic(site);
  }

  /** Drops what every process remembers of the sites, and tells everyone the site as it is now. */
  async function changed(siteId: number): Promise<void> {
    cache.invalidate();
    const site = (await read()).byId.get(siteId);
    // The lists of sites show each one's status: everyone's follow (a site's own people also get `cafe-status`).
    if (site) ctx.events.site(toPublic(site));
  }
  for (const event of ['site.changed', 'shop-status.changed', 'busy.changed'] as const) {
    ctx.domainEvents.on(event, ({ siteId }) => changed(siteId));
  }

  return {
    get,
    read,
    /** The sites' memory is stale (a barista assigned): read again in every process. */
    invalidate: () => cache.invalidate(),
    /**
     * Holds the site's row until the transaction ends (PostgreSQL), so placements that count a
     * slot's room at that site run one after another. SQLite runs one write transaction at a time.
     */
    async lockForPlacement(trx: Db, siteId: number): Promise<void> {
      await lockSite(trx, ctx.dialect, siteId);
    },
    /**
     * A placement's hold on its site in the placement's own statement (PostgreSQL): the row's
     * `archived_at`, held (FOR KEY SHARE) until it commits, so an archive waits for it or it sees
     * the site archived.
     */
    placementHold: (siteId: number) =>
      db.selectFrom('sites').select('archived_at').where('id', '=', siteId).forKeyShare(),
    /**
     * Inside a placement's transaction: holds the sites' rows until it commits (exclusively where a
     * slot's room is counted) and answers the ids of those archived by then, which take no order.
     */
    async holdForPlacement(trx: Db, siteIds: readonly number[], exclusive: ReadonlySet<number>): Promise<Set<number>> {
      const rows = await holdSites(trx, ctx.dialect, siteIds, exclusive);
      return new Set(rows.filter((row) => row.archived).map((row) => row.id));
    },
    defaultSite,
    homeSiteOf,
    forStaff,
    forOrder,
    forReading,

    /**
     * The site a live connection follows: the one asked for, or the person's home site. Baristas
     * and admins also get its board, when it is a site of theirs (else they follow their own).
     */
    async liveSite(user: AuthUser | null, requested: number | undefined): Promise<LiveSite> {
      if (user && (user.role === 'barista' || user.role === 'admin')) {
        // The site asked for when it is theirs, else the one they act on without asking (a device
        // may remember a site they no longer work at); with none of their own they follow a site
        // as anyone would.
        for (const ask of requested === undefined ? [undefined] : [requested, undefined]) {
          try {
            return { siteId: (await forStaff(user, ask)).id, board: true };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        }
      }
      const asked = requested === undefined ? undefined : (await read()).byId.get(requested);
      return { siteId: (asked && !asked.archived ? asked : await homeSiteOf(user)).id, board: false };
    },

    /** When a site's shop status was last set and by whom, read from the database (not from memory). */
    async statusChangeNow(siteId: number): Promise<{ at: string; by: number | null }> {
      const row = await findSite(db, siteId);
      if (!row) throw siteNotFound(siteId);
      return { at: row.status_updated_at ?? '', by: row.status_updated_by };
    },
    staffSiteIds,

    /** GET /sites/{siteId}. */
    async find(siteId: number): Promise<Site> {
      return toPublic(await get(siteId));
    },

    /** GET /sites: the sites not archived (admins may ask for the archived ones too). */
    async list(options: { includeArchived: boolean }): Promise<Site[]> {
      const { sites } = await read();
      return sites.filter((s) => options.includeArchived || !s.archived).map(toPublic);
    },

    /** Every site not archived, for the work that runs per site (opening hours). */
    async active(): Promise<SiteRecord[]> {
      return (await read()).sites.filter((s) => !s.archived);
    },

    /** GET /sites/nearest: the site whose radius holds the position, the nearest of several; null when none. */
    async nearest(position: { latitude: number; longitude: number }): Promise<Site | null> {
      let best: { site: SiteRecord; km: number } | null = null;
      for (const site of (await read()).sites) {
        if (site.archived) continue;
        const km = distanceKm(
          { lat: position.latitude, lng: position.longitude },
          { lat: site.latitude, lng: site.longitude },
        );
        if (km <= site.radiusKm && (!best || km < best.km)) best = { site, km };
      }
      return best ? toPublic(best.site) : null;
    },

    forHomeSite,

    /** Whether any barista works at the site (one that has none never opens by its hours). */
    async hasBaristas(siteId: number): Promise<boolean> {
      const { staffSites } = await read();
      for (const ids of staffSites.values()) if (ids.includes(siteId)) return true;
      return false;
    },
  };
}
