/**
 * The one door to ordering (docs/decisions/0070-one-door.md): "what may this person order here
 * now" (`menuFor`) and doing it (`place`, `walkUp`). Every way in asks only this: the web's routes,
 * the walk-up dialog, Slack, standing orders and every channel to come. Each is transport: it
 * verifies, maps its request to a draft and renders the answer. The rules are the shared decision
 * (packages/shared/src/placement.ts, menu-for.ts, drink.ts), asked here with what the server knows;
 * the orders module saves what is decided.
 */
import {
  LIMITS,
  cafeDayOf,
  dashIfEmpty,
  draftRefusal,
  drinkShapeRefusal,
  itemRefusal,
  menuFor,
  orderingPause,
  peopleText,
  personRefusal,
  venueVerdict,
  type CategoryFor,
  type ChatChannelName,
  type MenuEntry,
  type Verdict,
  type Order,
  type OrderCreateBody,
  type WalkUpOrderBody,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { badRequest, refusal, refuse } from '../../lib/errors';
import type { MenuService, OrderableItem } from '../menu/menu.service';
import type { OptionsService } from '../options/options.service';
import type { OrdersService } from '../orders/orders.service';
import type { OrderPlan, Placement } from '../orders/placement.service';
import { placementFingerprint } from '../orders/placement.service';
import type { PickupService } from '../pickup/pickup.service';
import type { SiteRecord, SitesService } from '../sites/sites.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { UsersService } from '../users/users.service';
import { dietOf } from './diet';
import { createRunsDoor } from './runs-door';
import { createStandingDoor } from './standing-door';
import { createUsual } from './usual';

/** The modules the door asks: where, what, its options and slot, who, whose photo; and the orders that save it. */
export interface OrderingDeps {
  orders: OrdersService;
  sites: SitesService;
  menu: MenuService;
  options: OptionsService;
  pickup: PickupService;
  users: UsersService;
  uploads: UploadsService;
}

/**
 * Which way an order came in. A standing order is placed by the server at the start of the day,
 * with nobody's position: where the person is was their choice when they set it (decision 0038).
 */
export type OrderingChannel = 'web' | ChatChannelName | 'standing';

export function createOrderingService(ctx: AppBase, deps: OrderingDeps) {
  const { clock, config } = ctx;
  const usual = createUsual(ctx, deps);
  const runs = createRunsDoor(ctx, deps);

  /** The item, or 404 worded for a person. */
  async function itemOf(menuId: number): Promise<OrderableItem> {
    const menu = await deps.menu.findForOrder(menuId);
    if (!menu) throw refusal(404, 'NOT_FOUND', peopleText('people.refusal.itemGone'), 'Menu item was not found.');
    return menu;
  }

  /** Busy mode at the site: whether online cafe orders wait now (its queue read only when it may). */
  const cafePause = (site: SiteRecord) => orderingPause(site.busy, () => deps.orders.queueSnapshot(site.id, 'cafe'));

  /** The item at the site (its venue run there and open, the hours, served and not sold out). */
  async function refuseItem(
    channel: 'online' | 'walk-up',
    site: SiteRecord,
    menu: OrderableItem,
    now: Date,
    /** An order for later: the shop need not be open now (its slot lies within the hours). */
    later: Date | null,
  ): Promise<void> {
    const atSite = await deps.menu.atSiteNow(site.id, menu);
    refuse(
      itemRefusal({
        channel,
        site,
        item: { name: menu.name, venue: menu.venue, active: menu.orderable, ...atSite },
        later: later ? { at: later } : null,
        now,
        settings: config,
      }),
    );
  }

  /**
   * A cafe drink's type and sweetness, and the tumbler photo this server issued; a run's drink in
   * the runner's tray has none.
   */
  async function cafeFields(body: OrderCreateBody, tray: boolean): Promise<OrderPlan['fields']> {
    refuse(drinkShapeRefusal('cafe', body));
    const fields = { type: body.type ?? null, sweetness: body.sweetness ?? null };
    if (tray) return { ...fields, tumbler: '' };
    const tumbler = await deps.uploads.issuedImageUrl(body.tumblerImage ?? '');
    if (!tumbler) throw badRequest('tumblerImage: must be a photo uploaded with POST /upload/image');
    return { ...fields, tumbler };
  }

  /** Every check of a placement, in the order docs/api/orders.md lists them; the plan to save when they pass. */
  async function plan(user: AuthUser, body: OrderCreateBody, channel: OrderingChannel): Promise<OrderPlan> {
    // Only a run's drink in the runner's tray goes without a photo (or, for a bar item, a description).
    const tray = body.runId !== undefined && body.cup === 'tray';
    if (body.tumblerImage === undefined && !tray) throw badRequest('tumblerImage is required');
    if (body.cup !== undefined && body.runId === undefined) {
      throw badRequest('cup: only a drink of a coffee run (runId) is served in a chosen cup');
    }
    // With e-mail configured, a password registration orders once it opened its confirmation link.
    refuse(personRefusal({ email: user.email, emailUnconfirmed: user.emailUnconfirmed ?? false }));
    // A drink of a coffee run: the run's site and pickup slot are the order's.
    const run = body.runId === undefined ? null : await runs.runOf({ ...body, runId: body.runId });
    const site = await deps.sites.forOrder(user, run ? run.siteId : body.siteId);
    const menu = await itemOf(body.menu_id);
    const venue = menu.venue;
    const now = clock.now();
    if (run) await runs.refuseJoin(user, run, venue, now);
    // An order for later: its slot must be one the site offers now; the item and the hours are
    // checked at the pickup time, and the shop need not be open now. A run's slot was checked when
    // it started: a drink added in its last minutes is not refused as too soon.
    const slot = run
      ? { start: run.pickupAt }
      : body.pickupAt === undefined
        ? null
        : await deps.pickup.check(site, venue, body.pickupAt);
    await refuseItem('online', site, menu, now, slot ? new Date(slot.start) : null);
    const options = await deps.options.resolve(site, menu, body.options);

    let fields: OrderPlan['fields'];
    if (venue === 'cafe') {
      fields = await cafeFields(body, tray);
    } else {
      // A bar order carries the drink's description where a cafe order has its tumbler photo.
      const description = (body.tumblerImage ?? '').trim();
      if (description.length > LIMITS.descriptionMax) {
        throw badRequest(
          `tumblerImage: a bar order's description must be at most ${LIMITS.descriptionMax} characters`,
          peopleText('people.refusal.barDescriptionTooLong', { max: LIMITS.descriptionMax }),
        );
      }
      fields = { type: null, sweetness: null, tumbler: description };
    }
    // The position, then busy mode: online cafe orders wait while the counter is too busy (an
    // order for later is not for now: its release checks again when it is due). The daily limit is
    // counted in the placement's transaction.
    const pause = venue === 'cafe' && !slot ? await cafePause(site) : null;
    refuse(
      draftRefusal({
        channel: 'online',
        site: { ...site, pause },
        item: menu,
        later: slot ? { at: new Date(slot.start) } : null,
        settings: channel === 'standing' ? { ...config, locationCheck: false } : config,
        position:
          body.latitude === undefined || body.longitude === undefined
            ? undefined
            : { latitude: body.latitude, longitude: body.longitude },
      }),
    );
    return {
      site,
      countDay: cafeDayOf(now, (await deps.sites.homeSiteOf(user)).timeZone),
      owner: { id: user.id, name: user.name },
      placedBy: user.id,
      guestName: null,
      walkUp: false,
      menu,
      now,
      fields,
      remark: dashIfEmpty(body.remark),
      options,
      pickupAt: slot?.start ?? null,
      diet: (await dietOf(deps, user.id, site, menu, body, body.dietConfirmed === true)).recorded,
      idempotency: null,
      // An online cafe order with its tumbler photo is served into it.
      ownCup: venue === 'cafe' && !tray,
      runId: run?.id ?? null,
    };
  }

  /**
   * Places a person's order, from any channel: every rule of the shared decision, the slot, the
   * options, the drink's shape and the diet confirmation; the daily limit last, under a lock.
   * With a key, a placement this person already made with it is answered again (before any rule:
   * the order itself may be what now fills the daily limit), and two requests with one key racing
   * each other make one order.
   */
  async function place(
    user: AuthUser,
    body: OrderCreateBody,
    channel: OrderingChannel,
    key?: string,
  ): Promise<Placement> {
    const fingerprint = key === undefined ? null : placementFingerprint(body);
    let decided: OrderPlan;
    try {
      decided = await plan(user, body, channel);
    } catch (error) {
      // Looked up only when a rule refuses: otherwise the placement's transaction finds it, one
      // statement fewer for every new order.
      if (key !== undefined && fingerprint !== null) {
        const replayed = await deps.orders.replayedPlacement(user.id, key, fingerprint);
        if (replayed) return replayed;
      }
      throw error;
    }
    return deps.orders.saveOrder({
      ...decided,
      idempotency: key === undefined || fingerprint === null ? null : { key, fingerprint },
    });
  }

  /**
   * `menuFor` with the site it was asked at and what holds for the whole venue (GET /menu/verdicts).
   * A visitor (no user) reads the default site's menu as anyone may order from it: no daily count,
   * nothing avoided.
   */
  async function menuVerdicts(
    user: AuthUser | null,
    venue: CategoryFor,
    siteId?: number,
  ): Promise<{ site: SiteRecord; venue: Verdict; entries: MenuEntry[] }> {
    const site = user ? await deps.sites.forOrder(user, siteId) : await deps.sites.forReading(null, siteId);
    const [categories, avoids, counted, pause] = await Promise.all([
      deps.menu.listCategories(venue, site.id),
      user ? deps.users.avoidsOf(user.id) : [],
      user ? deps.orders.countMine(user) : null,
      venue === 'cafe' ? cafePause(site) : Promise.resolve(null),
    ]);
    const decision = {
      person: { email: user?.email ?? '', emailUnconfirmed: user?.emailUnconfirmed ?? false },
      site: { ...site, pause },
      now: clock.now(),
      settings: config,
      cafeOrdersToday: counted?.totalOrder,
    };
    return {
      site,
      venue: venueVerdict(decision, venue),
      entries: menuFor({ ...decision, avoids, categories }),
    };
  }

  return {
    place,
    /** The person's usual, kept on the server (usual.ts). */
    usual,
    /** Coffee runs at the door: starting, reading, closing and collecting one (runs-door.ts). */
    runs,
    /** Standing orders at the door: checked when saved, their next day, each day's placement (standing-door.ts). */
    standing: createStandingDoor(ctx, deps, usual, (user, body, key) => place(user, body, 'standing', key)),

    /**
     * A barista enters an order at the counter, for a person (counting toward their daily limit,
     * and asked about what they avoid) or a guest (the barista's own, not counted). The item and
     * hours rules hold as for any order; no tumbler photo, no position, and busy mode does not
     * apply (the barista decides at the counter).
     */
    async walkUp(barista: AuthUser, body: WalkUpOrderBody): Promise<Order> {
      const site = await deps.sites.forStaff(barista, body.siteId);
      const menu = await itemOf(body.menu_id);
      const now = clock.now();
      await refuseItem('walk-up', site, menu, now, null);
      const options = await deps.options.resolve(site, menu, body.options);
      refuse(drinkShapeRefusal(menu.venue, body));
      let owner: { id: number; name: string } = { id: barista.id, name: barista.name };
      if (body.userId !== undefined) {
        const person = await deps.users.findActive(body.userId);
        if (!person) throw refusal(404, 'NOT_FOUND', peopleText('people.refusal.personGone'), 'User was not found.');
        owner = { id: person.id, name: person.name };
      }
      const guestName = body.userId === undefined ? (body.guestName ?? null) : null;
      const cafe = menu.venue === 'cafe';
      const { order } = await deps.orders.saveOrder({
        site,
        owner,
        placedBy: barista.id,
        guestName,
        walkUp: true,
        menu,
        now,
        fields: {
          type: cafe ? (body.type ?? null) : null,
          sweetness: cafe ? (body.sweetness ?? null) : null,
          tumbler: '',
        },
        remark: dashIfEmpty(body.remark),
        options,
        pickupAt: null,
        diet: (await dietOf(deps, guestName === null ? owner.id : null, site, menu, body, body.dietConfirmed === true))
          .recorded,
        idempotency: null,
        // The barista saw the person's own cup at the counter.
        ownCup: cafe && body.ownCup === true,
        runId: null,
      });
      return order;
    },

    menuVerdicts,

    /**
     * What this person may order at a site now (their home site without one): every listed item of
     * the venue with the whole decision for now and for later, its diet marks and "not tagged"
     * (packages/shared/src/menu-for.ts). Chat channels list from it; nothing else filters a menu.
     */
    async menuFor(user: AuthUser, venue: CategoryFor, siteId?: number): Promise<MenuEntry[]> {
      return (await menuVerdicts(user, venue, siteId)).entries;
    },
  };
}

export type OrderingService = ReturnType<typeof createOrderingService>;
