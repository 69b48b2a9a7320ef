import type { Site, SiteBarista, SiteCreateBody, SitePatchBody } from '@cafe/shared';
import { peopleText } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import type { Change } from '../../lib/domain-events';
import { badRequest, conflict } from '../../lib/errors';
import { iso } from '../../lib/time';
import { createSiteState, siteNotFound, toPublic } from './site-state';
import {
  addSiteBarista,
  availableBaristaIds,
  countOpenOrders,
  countOtherOpenSites,
  findSite,
  insertSite,
  listSiteBaristas,
  lockSite,
  replaceSiteBaristas,
  siteNameTaken,
  updateSite,
  type SiteChanges,
  type SiteRow,
} from './sites.repository';

export type { SiteRecord } from './site-state';

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

const nameTaken = (name: string) =>
  conflict('SITE_NAME_TAKEN', `A site named ${name} already exists.`, peopleText('people.sites.nameTaken', { name }));

/**
 * Sites (docs/decisions/0027-sites.md): the cafes and bars of the company. Admins add, change and
 * archive them and say who works where; what a site is right now is its state (site-state.ts),
 * which every other module reads through this service.
 */
export function createSitesService(ctx: AppBase) {
  const { db, clock } = ctx;
  const state = createSiteState(ctx);
  const { get } = state;

  async function requireUniqueName(trx: Db, name: string, exceptId?: number): Promise<void> {
    if (await siteNameTaken(trx, name, exceptId)) throw nameTaken(name);
  }

  /** After a committed change of a site: every process reads it again, everyone hears of it, the audit log keeps it. */
  const changed = (siteId: number, changes: Change[]) => ctx.domainEvents.emit('site.changed', { siteId, changes });

  // Someone who became a barista starts at their home site, where an admin can move them.
  ctx.domainEvents.on('user.changed', async ({ userId, role, homeSiteId }) => {
    if (role !== 'barista') return;
    const home = await state.homeSiteOf({ homeSiteId: homeSiteId ?? null });
    await addSiteBarista(db, home.id, userId);
    state.invalidate();
  });

  return {
    ...state,

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
        // Its menu rows and first hours commit with it.
        await ctx.domainEvents.emitWithin(trx, 'site.created', { siteId, venues, by: user.id });
        const row = await findSite(trx, siteId);
        return { siteId, row };
      });
      await changed(id.siteId, [
        {
          actor: user,
          action: 'site.create',
          target: { type: 'site', id: id.siteId },
          siteId: id.siteId,
          after: id.row ? auditedFields(id.row) : null,
        },
      ]);
      return toPublic(await get(id.siteId));
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
      const change = await db.transaction().execute(async (trx): Promise<Change> => {
        if (body.name !== undefined) await requireUniqueName(trx, body.name, siteId);
        const before = await findSite(trx, siteId);
        const updated = await updateSite(trx, siteId, changes);
        if (updated === 'name-taken') throw nameTaken(body.name ?? '');
        const after = await findSite(trx, siteId);
        if (!updated || !before || !after) throw siteNotFound(siteId);
        return {
          actor: user,
          action: 'site.update',
          target: { type: 'site', id: siteId },
          siteId,
          before: auditedFields(before),
          after: auditedFields(after),
          onlyChanged: true,
        };
      });
      await changed(siteId, [change]);
      return toPublic(await get(siteId));
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
            peopleText('people.sites.hasOpenOrders', { site: site.name, count: open }),
          );
        }
        const others = await countOtherOpenSites(trx, siteId);
        if (others === 0)
          throw conflict(
            'SITE_HAS_OPEN_ORDERS',
            'The last open site cannot be archived.',
            peopleText('people.sites.lastOpenSite'),
          );
        const now = iso(clock.now());
        await updateSite(trx, siteId, { archived_at: now, updated_at: now, is_cafe_open: 0, is_bar_open: 0 });
      });
      await changed(siteId, [
        {
          actor: user,
          action: 'site.archive',
          target: { type: 'site', id: siteId },
          siteId,
          before: { archived: false },
          after: { archived: true },
        },
      ]);
      return toPublic(await get(siteId));
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
      const { before, after } = await db.transaction().execute(async (trx) => {
        const was = auditedBaristas(await listSiteBaristas(trx, siteId));
        await replaceSiteBaristas(trx, siteId, wanted);
        return { before: was, after: auditedBaristas(await listSiteBaristas(trx, siteId)) };
      });
      await changed(siteId, [
        { actor: user, action: 'site.baristas', target: { type: 'site', id: siteId }, siteId, before, after },
      ]);
      // Their live connections joined the rooms of their old sites; those taken off leave its board.
      for (const id of new Set([...wanted, ...before.baristas.map((b) => b.id)])) ctx.events.sessionChanged(id);
      return listSiteBaristas(db, siteId);
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
