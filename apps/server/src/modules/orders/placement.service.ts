/**
 * Placing orders: whether one placement may be made, online (POST /order, with its
 * Idempotency-Key) or at the counter (walk-up), checked in the order docs/api.md lists the rules,
 * and the plan of what to save when they pass. Saving is placement-commit.ts's group commit, where
 * the daily limit is counted under the owner's lock.
 */
import {
  LIMITS,
  cafeDayOf,
  dashIfEmpty,
  dietConflicts,
  orderingPause,
  draftRefusal,
  itemRefusal,
  personRefusal,
  type Order,
  type OrderCreateBody,
  type WalkUpOrderBody,
} from '@cafe/shared';
import { createHash } from 'node:crypto';
import type { AppBase, AuthUser } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import type { OrderableItem } from '../menu/menu.service';
import type { ResolvedOption } from '../options/options.service';
import type { SiteRecord } from '../sites/sites.service';
import type { OrdersCore, OrdersDeps } from './orders.context';
import type { QueueService } from './queue.service';
import { toReplayedAnswer } from './orders.mapper';
import { findByIdempotencyKey } from './order-writes.repository';
import {
  createPlacementCommit,
  keyReused,
  refuse,
  type DrinkFields,
  type OrderPlan,
  type Placement,
} from './placement-commit';

/**
 * What identifies a placement for its Idempotency-Key: the drink as ordered (and where). The position is left
 * out, since a retry from a phone may carry a slightly different one.
 */
function placementFingerprint(body: OrderCreateBody): string {
  const drink = [
    body.menu_id,
    body.type ?? null,
    body.sweetness ?? null,
    dashIfEmpty(body.remark),
    body.tumblerImage.trim(),
    // Only when given, so that keys of the placements made before sites still match their orders.
    ...(body.siteId === undefined ? [] : [body.siteId]),
    // The same for the options and the pickup time (issue 19).
    ...(body.options === undefined
      ? []
      : [
          {
            options: body.options.map((o) => [o.choiceId, o.quantity ?? 1]).sort((a, b) => Number(a[0]) - Number(b[0])),
          },
        ]),
    ...(body.pickupAt === undefined ? [] : [{ pickupAt: new Date(body.pickupAt).toISOString() }]),
  ];
  return createHash('sha256').update(JSON.stringify(drink)).digest('hex');
}

/** Placing orders: online (POST /order, with its Idempotency-Key) and at the counter (walk-up). */
export function createPlacementService(ctx: AppBase, deps: OrdersDeps, core: OrdersCore, queue: QueueService) {
  const { db, clock, config } = ctx;
  const { load } = core;
  const { saveOrder } = createPlacementCommit(ctx, deps, core, queue);

  /** The cafe-order fields: type, sweetness and a tumbler photo this server issued. */
  async function cafeFields(body: OrderCreateBody): Promise<DrinkFields> {
    if (!body.type) throw badRequest('type: is required for a cafe order');
    if (body.sweetness === undefined) throw badRequest('sweetness: is required for a cafe order');
    const tumbler = await deps.uploads.issuedImageUrl(body.tumblerImage);
    if (!tumbler) throw badRequest('tumblerImage: must be a photo uploaded with POST /upload/image');
    return { type: body.type, sweetness: body.sweetness, tumbler };
  }

  /**
   * The item at the site now (its venue run there and open, the hours, served and not sold out):
   * the shared decision, with what the menu knows of the item at the site.
   */
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
   * What the order records of its owner's diet (docs/allergens.md): what they avoid now, and what
   * of it the drink as ordered contains (the shared dietConflicts). A warning, never a refusal:
   * the person was asked before placing and decided. A guest's order records none.
   */
  async function dietOf(
    ownerId: number | null,
    menu: OrderableItem,
    options: readonly ResolvedOption[],
  ): Promise<OrderPlan['diet']> {
    const avoids = ownerId === null ? [] : await deps.users.avoidsOf(ownerId);
    const warnings = avoids.length === 0 ? [] : dietConflicts(avoids, await deps.options.drinkTags(menu, options));
    return { avoids: JSON.stringify(avoids), warnings: JSON.stringify(warnings) };
  }

  /** POST /order's checks, in the order docs/api.md lists them; what to save when they pass. */
  async function planPlacement(user: AuthUser, body: OrderCreateBody, standing: boolean): Promise<OrderPlan> {
    // With e-mail configured, a password registration orders once it opened its confirmation link.
    refuse(personRefusal({ email: user.email, emailUnconfirmed: user.emailUnconfirmed ?? false }));
    const site = await deps.sites.forOrder(user, body.siteId);
    const menu = await deps.menu.findForOrder(body.menu_id);
    if (!menu) throw notFound('Menu item');
    const venue = menu.venue;
    const now = clock.now();
    // An order for later: its slot must be one the site offers now; the item and the hours are
    // checked at the pickup time, and the shop need not be open now.
    const slot = body.pickupAt === undefined ? null : await deps.pickup.check(site, venue, body.pickupAt);
    await refuseItem('online', site, menu, now, slot ? new Date(slot.start) : null);
    const options = await deps.options.resolve(site, menu, body.options);

    let fields: DrinkFields;
    if (venue === 'cafe') {
      fields = await cafeFields(body);
    } else {
      // A bar order carries the drink's description where a cafe order has its tumbler photo.
      const description = body.tumblerImage.trim();
      if (description.length > LIMITS.descriptionMax) {
        throw badRequest(`tumblerImage: a bar order's description must be at most ${LIMITS.descriptionMax} characters`);
      }
      fields = { type: null, sweetness: null, tumbler: description };
    }
    // The position, then busy mode: online cafe orders wait while the counter is too busy (an
    // order for later is not for now: its release checks again when it is due). The daily limit is
    // counted in the placement's transaction.
    const pause =
      venue === 'cafe' && !slot ? await orderingPause(site.busy, () => queue.queueSnapshot(site.id, 'cafe')) : null;
    refuse(
      draftRefusal({
        channel: 'online',
        site: { ...site, pause },
        item: menu,
        later: slot ? { at: new Date(slot.start) } : null,
        // A standing order is placed by the server at the start of the day, with nobody's position:
        // where the person is was their choice when they set it (docs/decisions/0038-standing-orders.md).
        settings: standing ? { ...config, locationCheck: false } : config,
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
      diet: await dietOf(user.id, menu, options),
      idempotency: null,
    };
  }

  return {
    /**
     * POST /order: the checks run in the order docs/api.md lists them; the daily limit last, under a
     * lock. With an Idempotency-Key, a placement this person already made with that key is answered
     * again (before any rule: the order itself may be what now fills the daily limit), and two
     * requests with one key racing each other make one order.
     */
    async place(
      user: AuthUser,
      body: OrderCreateBody,
      idempotencyKey?: string,
      /** Placed by a standing order (modules/standing): no position to check. */
      options: { standing?: boolean } = {},
    ): Promise<Placement> {
      const fingerprint = idempotencyKey === undefined ? null : placementFingerprint(body);
      let plan: OrderPlan;
      try {
        plan = await planPlacement(user, body, options.standing ?? false);
      } catch (error) {
        // A retry of a placement already made is answered with its order whatever the rules say
        // now (the shop may have closed since, or the order itself fill the daily limit). Looked up
        // only when a rule refuses: otherwise the placement's transaction finds it, one statement
        // fewer for every new order.
        if (idempotencyKey !== undefined && fingerprint !== null) {
          const found = await findByIdempotencyKey(db, user.id, idempotencyKey);
          if (found && found.fingerprint !== fingerprint) throw keyReused();
          if (found) return { order: toReplayedAnswer(await load(found.id)), replayed: true };
        }
        throw error;
      }
      return saveOrder({
        ...plan,
        idempotency: idempotencyKey === undefined || fingerprint === null ? null : { key: idempotencyKey, fingerprint },
      });
    },

    /**
     * POST /order/walk-up: a barista enters an order for someone at the counter, for a person
     * (counting toward their daily limit) or a guest (the barista's own, not counted). The item and
     * hours rules hold as for any order; no tumbler photo, no position, and busy mode does not
     * apply (the barista decides at the counter).
     */
    async walkUp(barista: AuthUser, body: WalkUpOrderBody): Promise<Order> {
      const site = await deps.sites.forStaff(barista, body.siteId);
      const menu = await deps.menu.findForOrder(body.menu_id);
      if (!menu) throw notFound('Menu item');
      const now = clock.now();
      // Taken at the counter: not an online order (no busy mode, no position).
      await refuseItem('walk-up', site, menu, now, null);
      const options = await deps.options.resolve(site, menu, body.options);
      if (menu.venue === 'cafe') {
        if (!body.type) throw badRequest('type: is required for a cafe order');
        if (body.sweetness === undefined) throw badRequest('sweetness: is required for a cafe order');
      }
      let owner: { id: number; name: string } = { id: barista.id, name: barista.name };
      if (body.userId !== undefined) {
        const person = await deps.users.findActive(body.userId);
        if (!person) throw notFound('User');
        owner = { id: person.id, name: person.name };
      }
      const guestName = body.userId === undefined ? (body.guestName ?? null) : null;
      const { order } = await saveOrder({
        site,
        owner,
        placedBy: barista.id,
        guestName,
        walkUp: true,
        menu,
        now,
        fields:
          menu.venue === 'cafe'
            ? { type: body.type ?? null, sweetness: body.sweetness ?? null, tumbler: '' }
            : { type: null, sweetness: null, tumbler: '' },
        remark: dashIfEmpty(body.remark),
        options,
        pickupAt: null,
        diet: await dietOf(guestName === null ? owner.id : null, menu, options),
        idempotency: null,
      });
      return order;
    },
  };
}
