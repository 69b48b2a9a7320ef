import { createHash, randomBytes } from 'node:crypto';
import {
  peopleText,
  addDays,
  cafeDayOf,
  pickupName,
  type DisplayLink,
  type DisplayLinkCreated,
  type PickupBoard,
  type PickupTicket,
  type QueuedOrder,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Change } from '../../lib/domain-events';
import { notFound, refusal } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { DisplayScreen } from '../../realtime/display-channel';
import type { OrdersService } from '../orders/orders.service';
import type { SitesService } from '../sites/sites.service';
import { readyRuns } from './display-runs';
import {
  findByTokenHash,
  findDisplayLink,
  insertDisplayLink,
  listDisplayLinks,
  revokeDisplayLink,
  type DisplayLinkRow,
} from './display.repository';

/** Bus topics: a site's board changed; a link was revoked (every process cuts its screens off). */
const BOARD_CHANGED = 'pickup-board';
const LINK_REVOKED = 'display-revoked';
/** Moves that come together (a barista finishing several drinks) reach the screens as one board. */
export const BOARD_COALESCE_MS = 150;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const noSuchLink = () => refusal(404, 'NOT_FOUND', peopleText('people.notFound.displayLinkRevoked'));

function toLink(row: DisplayLinkRow): DisplayLink {
  return {
    id: row.id,
    siteId: row.site_id,
    label: row.label,
    createdAt: row.created_at,
    createdBy: { id: row.created_by, name: row.created_by_name },
    revokedAt: row.revoked_at,
  };
}

/**
 * The pickup screens (docs/api/pickup-screen.md, docs/decisions/0048-pickup-screen.md): the links
 * a site's staff make and revoke, and what a screen with a link reads and hears. A token is shown
 * once and only its sha256 is kept; every read and every handshake looks it up again, so a revoked
 * link stops at once, and the live connections of it are cut in every process.
 */
export function createDisplayService(ctx: AppBase, deps: { sites: SitesService; orders: OrdersService }) {
  const { db, clock, displays: channel } = ctx;

  /** The board of a site as its screens show it: today's orders, only their numbers and allowed names. */
  async function boardOf(siteId: number): Promise<PickupBoard> {
    const site = await deps.sites.get(siteId);
    const day = cafeDayOf(clock.now(), site.timeZone);
    const answer = await deps.orders.listAnswer(
      { status: ['ordered', 'in-progress', 'done'], startDate: day, endDate: addDays(day, 1) },
      siteId,
    );
    const orders = JSON.parse(answer.json) as QueuedOrder[];
    const displayNames = site.pickup.displayNames;
    const nameOf = (fullName: string) => (displayNames === 'first-initial' ? pickupName(fullName) : null);
    const ticket = (order: QueuedOrder): PickupTicket => ({ number: order.id, name: nameOf(order.user.name) });
    const done = orders.filter((o) => o.status === 'done');
    // A coffee run whose drinks are all finished stands for them: its other drinks are read only
    // when a finished drink is a run's (no statement more for a board without runs).
    const runDrinks = await deps.orders.runs.drinksOfRunsHolding(done.filter((o) => o.run).map((o) => o.id));
    const { runs, folded } = readyRuns(done, runDrinks, nameOf);
    return {
      site: { id: site.id, name: site.name },
      displayNames,
      // Preparing means a barista has started it: a waiting order is in nobody's hands yet, and a
      // line of them would crowd the drinks that are about to be ready off the screen.
      preparing: orders.filter((o) => o.status === 'in-progress').map(ticket),
      // The drink finished last is the one people look for: on top.
      ready: done
        .filter((o) => !folded.has(o.id))
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id))
        .map(ticket),
      ...(runs.length > 0 ? { runs } : {}),
    };
  }

  /** The link a token opens, if it works. */
  async function screenFor(token: string): Promise<DisplayScreen | null> {
    if (token === '') return null;
    const row = await findByTokenHash(db, hashOf(token));
    return row && row.revoked_at === null ? { displayId: row.id, siteId: row.site_id } : null;
  }

  // A site's board is sent again once its orders or its settings changed: each process re-reads the
  // boards of the screens it holds, and only those.
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  function refreshSoon(siteId: number): void {
    if (!channel.watchedSites().includes(siteId)) return;
    pending.add(siteId);
    timer ??= setTimeout(() => {
      timer = undefined;
      const sites = [...pending];
      pending.clear();
      for (const id of sites) {
        boardOf(id).then(
          (board) => channel.sendBoard(id, board),
          (error: unknown) => ctx.log.warn({ err: error, siteId: id }, 'pickup screen: could not read the board'),
        );
      }
    }, BOARD_COALESCE_MS);
    timer.unref();
  }
  ctx.bus.subscribe(BOARD_CHANGED, (key) => {
    if (typeof key === 'number') refreshSoon(key);
  });
  ctx.bus.subscribe(LINK_REVOKED, (key) => {
    if (typeof key === 'number') channel.cutOff(key);
  });
  ctx.bus.onResync(() => {
    for (const siteId of channel.watchedSites()) refreshSoon(siteId);
  });
  // Told to every process at most once per COALESCE_MS a site (the screens coalesce as much): in a
  // rush, a message between processes per site and window instead of one per order change. The
  // first change of a quiet site goes at once, the rest of its window once the window ends.
  const told = new Map<number, { again: boolean }>();
  function boardChanged(siteId: number): void {
    const window = told.get(siteId);
    if (window) {
      window.again = true;
      return;
    }
    told.set(siteId, { again: false });
    ctx.bus.publish(BOARD_CHANGED, siteId);
    setTimeout(() => {
      const again = told.get(siteId)?.again ?? false;
      told.delete(siteId);
      if (again) boardChanged(siteId);
      if (told.size === 0) for (const resolve of closedWaiters.splice(0)) resolve();
    }, BOARD_COALESCE_MS).unref();
  }
  const closedWaiters: (() => void)[] = [];
  ctx.domainEvents.on('site.changed', ({ siteId }) => boardChanged(siteId));
  // An order's change the other processes were told with its row (orders.told there) needs no
  // message of its own: in a rush, no notice leaving alone as a site's window ends.
  ctx.domainEvents.on('orders.changed', ({ siteId, told }) => (told ? refreshSoon(siteId) : boardChanged(siteId)));
  ctx.domainEvents.on('orders.told', ({ siteId }) => refreshSoon(siteId));
  channel.admit(screenFor);

  const audited = (siteId: number, change: Change) =>
    ctx.domainEvents.emit('display.changed', { siteId, changes: [change] });

  return {
    /**
     * Resolves once no site's window is open: the next change of any site is told to the other
     * processes at once (a count of a write's statements starts here, not on a timer).
     */
    windowsClosed(): Promise<void> {
      return told.size === 0 ? Promise.resolve() : new Promise((resolve) => closedWaiters.push(resolve));
    },
    /** GET /sites/{siteId}/displays (the caller's right to the site is checked by the route). */
    async list(siteId: number): Promise<DisplayLink[]> {
      return (await listDisplayLinks(db, siteId)).map(toLink);
    },

    /** POST /sites/{siteId}/displays: a new link; its token is in this answer and nowhere else. */
    async create(user: AuthUser, siteId: number, body: { label: string }): Promise<DisplayLinkCreated> {
      const token = randomBytes(32).toString('base64url');
      const id = await insertDisplayLink(db, {
        siteId,
        tokenHash: hashOf(token),
        label: body.label,
        createdBy: user.id,
        at: iso(clock.now()),
      });
      const row = await findDisplayLink(db, siteId, id);
      if (!row) throw notFound('Display link', peopleText('people.notFound.displayLink'));
      await audited(siteId, {
        actor: user,
        action: 'site.display.create',
        target: { type: 'site', id: siteId },
        siteId,
        before: null,
        after: { displayId: id, label: body.label },
      });
      return { ...toLink(row), token };
    },

    /** POST /sites/{siteId}/displays/{displayId}/revoke: the link stops working, its screens are cut off at once. */
    async revoke(user: AuthUser, siteId: number, displayId: number): Promise<DisplayLink> {
      const did = await revokeDisplayLink(db, siteId, displayId, iso(clock.now()));
      const row = await findDisplayLink(db, siteId, displayId);
      if (!row) throw notFound('Display link', peopleText('people.notFound.displayLink'));
      if (did) {
        ctx.bus.publish(LINK_REVOKED, displayId);
        await audited(siteId, {
          actor: user,
          action: 'site.display.revoke',
          target: { type: 'site', id: siteId },
          siteId,
          before: { displayId, label: row.label, revokedAt: null },
          after: { displayId, label: row.label, revokedAt: row.revoked_at },
        });
      }
      return toLink(row);
    },

    /** GET /display/{token}: the board of the link's site; 404 for a link that does not work. */
    async board(token: string): Promise<PickupBoard> {
      const screen = await screenFor(token);
      if (!screen) throw noSuchLink();
      return boardOf(screen.siteId);
    },
  };
}

export type DisplayService = ReturnType<typeof createDisplayService>;
