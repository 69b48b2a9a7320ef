import {
  distanceKm,
  type PickupSettings,
  type PickupSettingsPatch,
  type CafeStatus,
  type Site,
  type SiteBarista,
  type SiteCreateBody,
  type SitePatchBody,
} from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { createMemoryCache } from '../../lib/cache';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { LiveSite } from '../../realtime/socket';
import { iso } from '../../lib/time';
import { toSite } from './sites.mapper';
import {
  addSiteBarista,
  availableBaristaIds,
  countOpenOrders,
  countOtherOpenSites,
  findSite,
  holdSites,
  insertSite,
  listAssignments,
  listSiteBaristas,
  listSites,
  lockSite,
  replaceSiteBaristas,
  setHomeSite,
  siteNameTaken,
  updateSite,
  type SiteChanges,
  type SiteRow,
} from './sites.repository';

/** A site as the rest of the server works with it: the contract's shape and what only the server reads. */
export interface SiteRecord extends Site {
  /** When the shop status was last set and by whom (null: nobody yet). */
  statusChange: { at: string; by: number | null };
  /** Busy mode as set: paused by hand, and the limits that pause new orders by themselves. */
  busy: { paused: boolean; maxWaiting: number | null; maxWaitMinutes: number | null };
  /** How it takes orders for later (docs/api.md, "Orders for later"). */
  pickup: PickupSettings;
}

/** What the audit log keeps of a site's own fields (docs/api.md, "Audit log"). */
function auditedFields(row: SiteRow) {
  return {
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    radiusKm: row.radius_km,
    timeZone: row.time_zone,
    venues: { cafe: row.runs_cafe === 1, bar: row.runs_bar === 1 },
  };
}

/** A site's baristas as the audit log keeps them: by id, with their names. */
const auditedBaristas = (rows: readonly { id: number; name: string }[]) => ({
  baristas: [...rows].sort((a, b) => a.id - b.id).map(({ id, name }) => ({ id, name })),
});

function toRecord(row: SiteRow): SiteRecord {
  return {
    ...toSite(row),
    statusChange: { at: row.status_updated_at ?? '', by: row.status_updated_by },
    busy: { paused: row.paused === 1, maxWaiting: row.max_waiting, maxWaitMinutes: row.max_wait_minutes },
    pickup: {
      slotMinutes: row.slot_minutes,
      leadMinutes: row.lead_minutes,
      daysAhead: row.days_ahead,
      slotCapacity: row.slot_capacity,
    },
  };
}

interface Snapshot {
  /** Every site, archived ones too, by id. */
  sites: SiteRecord[];
  byId: Map<number, SiteRecord>;
  /** The sites each barista works at, by user id. */
  staffSites: Map<number, number[]>;
}

const siteNotFound = (id: number) => notFound(`Site ${id}`);
const siteArchived = (site: Pick<Site, 'name'>) =>
  conflict('SITE_ARCHIVED', `${site.name} is archived and takes no orders. Choose another site.`);
const nameTaken = (name: string) => conflict('SITE_NAME_TAKEN', `A site named ${name} already exists.`);
const notYourSite = (site: Pick<Site, 'name'>) =>
  forbidden(`You are not a barista of ${site.name}. Ask an admin to add you to it.`);

/**
 * Sites (docs/decisions/0027-sites.md): the cafes and bars of the company, and every rule about
 * which site a person, a barista or a request acts on. All of it is read on every request and
 * changed a few times a year, so it is kept in memory and dropped in every process on a change.
 */
export function createSitesService(ctx: AppContext) {
  const { db, clock } = ctx;
  const audit = () => ctx.services.audit;
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
      if (site.archived) throw siteArchived(site);
      if (user.role === 'admin') return site;
      const snapshot = await read();
      if (!(snapshot.staffSites.get(user.id) ?? []).includes(site.id)) throw notYourSite(site);
      return site;
    }
    const ids = await staffSiteIds(user);
    const home = await homeSiteOf(user);
    if (user.role === 'admin' || ids.includes(home.id)) return home;
    const first = ids[0];
    if (first === undefined) throw forbidden('You are not a barista of any site yet. Ask an admin to add you to one.');
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
    if (site.archived) throw siteArchived(site);
    return site;
  }

  async function requireUniqueName(trx: Db, name: string, exceptId?: number): Promise<void> {
    if (await siteNameTaken(trx, name, exceptId)) throw nameTaken(name);
  }

  /** Writes `changes` to a site and tells every process. */
  async function save(siteId: number, changes: SiteChanges): Promise<SiteRecord> {
    if ((await updateSite(db, siteId, changes)) === false) throw siteNotFound(siteId);
    cache.invalidate();
    return get(siteId);
  }

  return {
    get,
    /**
     * Holds the site's row until the transaction ends (PostgreSQL), so placements that count a
     * slot's room at that site run one after another. SQLite runs one write transaction at a time.
     */
    async lockForPlacement(trx: Db, siteId: number): Promise<void> {
      await lockSite(trx, ctx.dialect, siteId);
    },
    /**
     * Inside a placement's transaction: holds the sites' rows until it commits (exclusively where a
     * slot's room is counted) and answers the ids of those archived by then, which take no order.
     */
    async holdForPlacement(trx: Db, siteIds: readonly number[], exclusive: ReadonlySet<number>): Promise<Set<number>> {
      const rows = await holdSites(trx, ctx.dialect, siteIds, exclusive);
      return new Set(rows.filter((row) => row.archived).map((row) => row.id));
    },
    /** PUT /sites/{siteId}/pickup: any of the site's pickup settings. */
    async setPickup(user: AuthUser, siteId: number, patch: PickupSettingsPatch): Promise<PickupSettings> {
      const changes: SiteChanges = {};
      if (patch.slotMinutes !== undefined) changes.slot_minutes = patch.slotMinutes;
      if (patch.leadMinutes !== undefined) changes.lead_minutes = patch.leadMinutes;
      if (patch.daysAhead !== undefined) changes.days_ahead = patch.daysAhead;
      if (patch.slotCapacity !== undefined) changes.slot_capacity = patch.slotCapacity;
      const before = (await get(siteId)).pickup;
      if (Object.keys(changes).length === 0) return before;
      const { pickup } = await save(siteId, changes);
      await audit().recordChanges(db, {
        actor: user,
        action: 'pickup.settings',
        target: { type: 'site', id: siteId },
        siteId,
        before,
        after: pickup,
      });
      return pickup;
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

    /** POST /sites: a new site, closed, with the specification's hours for the venues it runs. */
    async create(user: AuthUser, body: SiteCreateBody): Promise<Site> {
      const venues = body.venues ?? { cafe: true, bar: true };
      const now = iso(clock.now());
      const id = await db.transaction().execute(async (trx) => {
        await requireUniqueName(trx, body.name);
        const siteId = await insertSite(trx, {
          name: body.name,
          latitude: body.latitude,
          longitude: body.longitude,
          radius_km: body.radiusKm,
          time_zone: body.timeZone,
          runs_cafe: venues.cafe ? 1 : 0,
          runs_bar: venues.bar ? 1 : 0,
          is_cafe_open: 0,
          is_bar_open: 0,
          status_updated_by: null,
          status_updated_at: null,
          paused: 0,
          max_waiting: null,
          max_wait_minutes: null,
          busy_updated_by: null,
          busy_updated_at: null,
          archived_at: null,
          created_at: now,
          updated_at: now,
        });
        if (siteId === null) throw nameTaken(body.name);
        await ctx.services.schedule.startSite(trx, siteId, venues, user.id);
        await ctx.services.menu.startSite(trx, siteId);
        const row = await findSite(trx, siteId);
        await audit().record(trx, {
          actor: user,
          action: 'site.create',
          target: { type: 'site', id: siteId },
          siteId,
          after: row ? auditedFields(row) : null,
        });
        return siteId;
      });
      cache.invalidate();
      const site = toPublic(await get(id));
      ctx.events.site(site);
      return site;
    },

    /** PATCH /sites/{siteId}. */
    async update(user: AuthUser, siteId: number, body: SitePatchBody): Promise<Site> {
      const changes: SiteChanges = { updated_at: iso(clock.now()) };
      if (body.name !== undefined) changes.name = body.name;
      if (body.latitude !== undefined) changes.latitude = body.latitude;
      if (body.longitude !== undefined) changes.longitude = body.longitude;
      if (body.radiusKm !== undefined) changes.radius_km = body.radiusKm;
      if (body.timeZone !== undefined) changes.time_zone = body.timeZone;
      if (body.venues !== undefined) {
        changes.runs_cafe = body.venues.cafe ? 1 : 0;
        changes.runs_bar = body.venues.bar ? 1 : 0;
      }
      await db.transaction().execute(async (trx) => {
        if (body.name !== undefined) await requireUniqueName(trx, body.name, siteId);
        const before = await findSite(trx, siteId);
        const updated = await updateSite(trx, siteId, changes);
        if (updated === 'name-taken') throw nameTaken(body.name ?? '');
        const after = await findSite(trx, siteId);
        if (!updated || !before || !after) throw siteNotFound(siteId);
        await audit().recordChanges(trx, {
          actor: user,
          action: 'site.update',
          target: { type: 'site', id: siteId },
          siteId,
          before: auditedFields(before),
          after: auditedFields(after),
        });
      });
      cache.invalidate();
      const site = await get(siteId);
      ctx.events.site(toPublic(site));
      return toPublic(site);
    },

    /**
     * POST /sites/{siteId}/archive: the site takes no more orders and leaves the lists. Refused
     * while it has orders still to be made or picked up, and for the last site not archived.
     */
    async archive(user: AuthUser, siteId: number): Promise<Site> {
      const site = await get(siteId);
      if (site.archived) return toPublic(site);
      // Under the site's lock: a placement there either committed before (and is counted here) or
      // waits and then finds the site archived (holdForPlacement), on both engines.
      await db.transaction().execute(async (trx) => {
        const row = await lockSite(trx, ctx.dialect, siteId);
        if (!row) throw siteNotFound(siteId);
        if (row.archived_at !== null) return;
        const open = await countOpenOrders(trx, siteId);
        if (open > 0) {
          throw conflict(
            'SITE_HAS_OPEN_ORDERS',
            `${site.name} still has ${open} order${open === 1 ? '' : 's'} for later, waiting, in progress or ready to pick up. Finish or reject ${open === 1 ? 'it' : 'them'} first.`,
          );
        }
        const others = await countOtherOpenSites(trx, siteId);
        if (others === 0) throw conflict('SITE_HAS_OPEN_ORDERS', 'The last open site cannot be archived.');
        const now = iso(clock.now());
        await updateSite(trx, siteId, { archived_at: now, updated_at: now, is_cafe_open: 0, is_bar_open: 0 });
      });
      cache.invalidate();
      await audit().record(db, {
        actor: user,
        action: 'site.archive',
        target: { type: 'site', id: siteId },
        siteId,
        before: { archived: false },
        after: { archived: true },
      });
      const archived = await get(siteId);
      ctx.events.site(toPublic(archived));
      return toPublic(archived);
    },

    /** Whether any barista works at the site (one that has none never opens by its hours). */
    async hasBaristas(siteId: number): Promise<boolean> {
      const { staffSites } = await read();
      for (const ids of staffSites.values()) if (ids.includes(siteId)) return true;
      return false;
    },

    /** GET /sites/{siteId}/baristas. */
    async baristas(siteId: number): Promise<SiteBarista[]> {
      await get(siteId);
      return listSiteBaristas(db, siteId);
    },

    /** PUT /sites/{siteId}/baristas: every id must be an available barista (400 naming the others). */
    async setBaristas(user: AuthUser, siteId: number, userIds: readonly number[]): Promise<SiteBarista[]> {
      await get(siteId);
      const wanted = [...new Set(userIds)];
      const baristas = new Set(await availableBaristaIds(db, wanted));
      const others = wanted.filter((id) => !baristas.has(id));
      if (others.length > 0) {
        throw badRequest(
          `userIds: ${others.join(', ')} ${others.length === 1 ? 'is not a barista' : 'are not baristas'}`,
        );
      }
      await db.transaction().execute(async (trx) => {
        const before = auditedBaristas(await listSiteBaristas(trx, siteId));
        await replaceSiteBaristas(trx, siteId, wanted);
        const after = auditedBaristas(await listSiteBaristas(trx, siteId));
        await audit().record(trx, {
          actor: user,
          action: 'site.baristas',
          target: { type: 'site', id: siteId },
          siteId,
          before,
          after,
        });
      });
      cache.invalidate();
      // Their live connections joined the rooms of their old sites.
      for (const id of wanted) ctx.events.sessionChanged(id);
      return listSiteBaristas(db, siteId);
    },

    /** Someone became a barista: they start at their home site, where an admin can move them. */
    async welcomeBarista(user: Pick<AuthUser, 'id' | 'homeSiteId'>): Promise<void> {
      const home = await homeSiteOf(user);
      await addSiteBarista(db, home.id, user.id);
      cache.invalidate();
    },

    /** PUT /user/home-site: the site a person orders at from now on (not an archived one). */
    async setHomeSite(user: AuthUser, siteId: number): Promise<Site> {
      const site = await get(siteId);
      if (site.archived) throw siteArchived(site);
      await setHomeSite(db, user.id, site.id, iso(clock.now()));
      ctx.services.users.forget(user.id);
      return toPublic(site);
    },

    /** The shop status of a site was set (shop-status service). */
    async saveStatus(siteId: number, status: CafeStatus, by: number): Promise<SiteRecord> {
      const at = iso(clock.now());
      const site = await save(siteId, {
        is_cafe_open: status.isCafeOpen ? 1 : 0,
        is_bar_open: status.isBarOpen ? 1 : 0,
        status_updated_by: by,
        status_updated_at: at,
      });
      // The lists of sites show each one's status: everyone's follow (a site's own people also get `cafe-status`).
      ctx.events.site(toPublic(site));
      return site;
    },

    /** Busy mode of a site was set (busy service). */
    async saveBusy(
      siteId: number,
      busy: Partial<{ paused: boolean; maxWaiting: number | null; maxWaitMinutes: number | null }>,
      by: number,
    ): Promise<SiteRecord> {
      const changes: SiteChanges = { busy_updated_by: by, busy_updated_at: iso(clock.now()) };
      if (busy.paused !== undefined) changes.paused = busy.paused ? 1 : 0;
      if (busy.maxWaiting !== undefined) changes.max_waiting = busy.maxWaiting;
      if (busy.maxWaitMinutes !== undefined) changes.max_wait_minutes = busy.maxWaitMinutes;
      return save(siteId, changes);
    },
  };
}

/** The contract's shape of a site record. */
function toPublic(site: SiteRecord): Site {
  const { statusChange: _statusChange, busy: _busy, pickup: _pickup, ...rest } = site;
  return rest;
}

export type SitesService = ReturnType<typeof createSitesService>;
