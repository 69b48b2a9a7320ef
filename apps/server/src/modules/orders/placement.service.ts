import {
  LIMITS,
  cafeClock,
  cafeDayOf,
  dashIfEmpty,
  dailyLimitRefusal,
  orderingPause,
  draftRefusal,
  itemRefusal,
  personRefusal,
  siteRefusal,
  type Order,
  type PlacementRefusal,
  type OrderCreateBody,
  type WalkUpOrderBody,
} from '@cafe/shared';
import { createHash } from 'node:crypto';
import type { AppBase, AuthUser } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { createGroupCommit } from '../../lib/group-commit';
import { iso } from '../../lib/time';
import { isDatabaseUnavailable } from '../../plugins/error-handler';
import type { OrderableItem } from '../menu/menu.service';
import type { ResolvedOption } from '../options/options.service';
import type { SiteRecord } from '../sites/sites.service';
import type { OrdersCore, OrdersDeps } from './orders.context';
import type { QueueService } from './queue.service';
import { SCHEDULED_TOPIC } from './release-timer';
import { toOrder, toOrdersEvent } from './orders.mapper';
import {
  findByIdempotencyKey,
  guardKey,
  insertPlacedOrders,
  placementGuardsOf,
  type NewOrder,
  type OrderRow,
  type PlacedEntry,
} from './orders.repository';

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

const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Idempotency-Key: was already used for a different order; send a new key for a new order.',
  );

/** What a placement's commit answers: the order it made, the one made before with its key, or why not. */
type Committed = { placed: number } | { replayed: number } | { refused: AppError };

/** A placement answered again for its Idempotency-Key, or placed now. */
export interface Placement {
  order: Order;
  replayed: boolean;
}

type DrinkFields = { type: OrderCreateBody['type'] | null; sweetness: number | null; tumbler: string };

/** An order about to be saved: whose it is, who placed it, the drink. */
interface OrderPlan {
  /** Where it is placed: the site's queue, calendar and board. */
  site: SiteRecord;
  /** Whose order it is: it counts toward their daily limit (a guest's is the barista's, and does not count). */
  owner: { id: number; name: string };
  placedBy: number;
  guestName: string | null;
  walkUp: boolean;
  menu: OrderableItem;
  now: Date;
  fields: DrinkFields;
  remark: string;
  /** The drink's options, checked (options.service.ts). */
  options: ResolvedOption[];
  /** An order for later: the slot's start (ISO), checked against the site's slots; null: as soon as possible. */
  pickupAt: string | null;
  idempotency: { key: string; fingerprint: string } | null;
}

/** Placing orders: online (POST /order, with its Idempotency-Key) and at the counter (walk-up). */
export function createPlacementService(ctx: AppBase, deps: OrdersDeps, core: OrdersCore, queue: QueueService) {
  const { db, clock, events, config } = ctx;
  const { load } = core;

  /** The cafe-order fields: type, sweetness and a tumbler photo this server issued. */
  async function cafeFields(body: OrderCreateBody): Promise<DrinkFields> {
    if (!body.type) throw badRequest('type: is required for a cafe order');
    if (body.sweetness === undefined) throw badRequest('sweetness: is required for a cafe order');
    const tumbler = await deps.uploads.issuedImageUrl(body.tumblerImage);
    if (!tumbler) throw badRequest('tumblerImage: must be a photo uploaded with POST /upload/image');
    return { type: body.type, sweetness: body.sweetness, tumbler };
  }

  /** The placement decision's refusal (packages/shared/src/placement.ts), answered as the error it names. */
  function refuse(refusal: PlacementRefusal | null): void {
    if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
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

  /** A plan with the row of its new order and that order's first history entry, built once. */
  interface PendingOrder {
    plan: OrderPlan;
    order: NewOrder;
    entry: PlacedEntry;
    /** A person's cafe order counts toward their daily limit; a guest's (the barista's) does not. */
    counts: boolean;
  }

  function pendingOrder(plan: OrderPlan): PendingOrder {
    const { menu, fields, site } = plan;
    const at = iso(plan.now);
    // The site's calendar: its day is the queue's and the daily limit's (one allowance, every
    // site). An order for later is on the day and hour of its pickup.
    const when = plan.pickupAt === null ? plan.now : new Date(plan.pickupAt);
    const status = plan.pickupAt === null ? 'ordered' : 'scheduled';
    return {
      plan,
      order: {
        site_id: site.id,
        user_id: plan.owner.id,
        menu_id: menu.id,
        category_for: menu.venue,
        cafe_day: cafeDayOf(when, site.timeZone),
        cafe_hour: cafeClock(when, site.timeZone).hour,
        status,
        pickup_at: plan.pickupAt,
        type: fields.type ?? null,
        sweetness: fields.sweetness,
        remark: plan.remark,
        tumbler_image: fields.tumbler,
        reject_note: '',
        order_date: at,
        updated_at: at,
        idempotency_key: plan.idempotency?.key ?? null,
        idempotency_fingerprint: plan.idempotency?.fingerprint ?? null,
        walk_up: plan.walkUp ? 1 : 0,
        guest_name: plan.guestName,
      },
      entry: { from: null, to: status, changedBy: plan.placedBy, note: null, at },
      counts: menu.venue === 'cafe' && plan.guestName === null,
    };
  }

  /**
   * Saves new orders in one short transaction (group commit: those that arrived while the last
   * one committed go together). The daily limit is counted under the owners' locks: PostgreSQL's
   * row locks make a transaction with the same person wait until the first commits, so it counts
   * that order and sees an order made with the same Idempotency-Key; SQLite runs one write
   * transaction at a time. Orders of the same person in one batch count each other in order.
   * Answers one outcome per plan: a rule's refusal is that plan's alone.
   */
  async function commitPlacements(pending: readonly PendingOrder[]): Promise<Committed[]> {
    const committed = await db.transaction().execute(async (trx) => {
      // Each owner once; the locks are taken in id order (lockUsers).
      const guarded = pending.filter(({ plan, counts }) => counts || plan.idempotency);
      await deps.users.lockAccounts([...new Set(guarded.map(({ plan }) => plan.owner.id))], trx);
      // An archive of a site waits for this transaction, or this one sees the site archived.
      const archivedSites = await deps.sites.holdForPlacement(
        trx,
        pending.map(({ plan }) => plan.site.id),
        new Set(pending.flatMap(({ plan }) => (plan.pickupAt === null ? [] : [plan.site.id]))),
      );
      // The order made with a key (a retry) is answered again, before the daily limit (it may be
      // what fills it). Both read in one statement, after the locks.
      const guards = await placementGuardsOf(
        trx,
        pending.flatMap(({ plan, order, counts }) => (counts ? [{ userId: plan.owner.id, day: order.cafe_day }] : [])),
        pending.flatMap(({ plan }) => (plan.idempotency ? [{ userId: plan.owner.id, key: plan.idempotency.key }] : [])),
      );
      const outcomes: Committed[] = [];
      /** Plans of this batch answered with the order of an earlier, placed plan that had the same key. */
      const sameAs = new Map<number, number>();
      const keyedHere = new Map<string, number>();
      /** Orders for now, inserted together at the end. */
      const later: { at: number; row: PendingOrder }[] = [];
      for (const [i, row] of pending.entries()) {
        const { plan } = row;
        try {
          const keyAt = plan.idempotency ? guardKey(plan.owner.id, plan.idempotency.key) : null;
          if (plan.idempotency && keyAt !== null) {
            const found = guards.found.get(keyAt);
            const earlier = keyedHere.get(keyAt);
            const fingerprint = found
              ? found.fingerprint
              : earlier === undefined
                ? undefined
                : pending[earlier]?.plan.idempotency?.fingerprint;
            if (fingerprint !== undefined && fingerprint !== plan.idempotency.fingerprint) throw keyReused();
            if (found) {
              outcomes[i] = { replayed: found.id };
              continue;
            }
            if (earlier !== undefined) {
              sameAs.set(i, earlier);
              continue;
            }
          }
          if (archivedSites.has(plan.site.id)) refuse(siteRefusal({ name: plan.site.name, archived: true }));
          const dayAt = guardKey(plan.owner.id, row.order.cafe_day);
          const counted = guards.counted.get(dayAt) ?? 0;
          if (row.counts) refuse(dailyLimitRefusal(plan.menu.venue, counted));
          if (plan.pickupAt !== null) {
            // The slot's room is counted with the orders for later inserted so far, this batch's too.
            await deps.pickup.claimSlot(trx, plan.site, plan.pickupAt);
            const [id] = await insertPlacedOrders(trx, ctx.dialect, [row]);
            outcomes[i] = { placed: id as number };
          } else {
            later.push({ at: i, row });
          }
          if (row.counts) guards.counted.set(dayAt, counted + 1);
          if (keyAt !== null) keyedHere.set(keyAt, i);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes[i] = { refused: error };
        }
      }
      const ids = await insertPlacedOrders(
        trx,
        ctx.dialect,
        later.map(({ row }) => row),
      );
      later.forEach(({ at }, j) => (outcomes[at] = { placed: ids[j] as number }));
      await deps.options.saveForOrders(
        trx,
        pending.flatMap(({ plan }, i) => {
          const outcome = outcomes[i];
          return outcome && 'placed' in outcome ? [{ orderId: outcome.placed, options: plan.options }] : [];
        }),
      );
      // keyedHere holds placed plans only: the earlier plan of each pair has its order.
      for (const [i, earlier] of sameAs) {
        outcomes[i] = { replayed: (outcomes[earlier] as { placed: number }).placed };
      }
      return outcomes;
    });
    ctx.metrics.placementBatch.observe(pending.length);
    return committed;
  }

  const commits = createGroupCommit<PendingOrder, Committed>({
    commit: commitPlacements,
    maxBatch: 64,
    // One batch at a time: SQLite runs one write transaction at a time anyway, and on PostgreSQL
    // two at once made bursts no faster (decision 0029); the next batch gathers meanwhile.
    maxInFlight: 1,
    failAll: isDatabaseUnavailable,
  });

  /**
   * Saves a new order (with those placed at the same moment, `commitPlacements`). Answers from
   * what it knows rather than reading the order back, and announces it.
   */
  async function saveOrder(plan: OrderPlan): Promise<Placement> {
    const pending = pendingOrder(plan);
    const outcome = await commits.submit(pending);
    if ('refused' in outcome) throw outcome.refused;
    if ('replayed' in outcome) return { order: toOrder(await load(outcome.replayed)), replayed: true };
    const { order, entry } = pending;
    const { site, menu, fields, owner } = plan;

    // Everything the answer shows is known here: no need to read the order back.
    const row: OrderRow = {
      id: outcome.placed,
      site_id: site.id,
      site_name: site.name,
      status: entry.to,
      order_date: entry.at,
      updated_at: entry.at,
      type: fields.type ?? null,
      sweetness: fields.sweetness,
      remark: plan.remark,
      tumbler_image: fields.tumbler,
      reject_note: '',
      category_for: menu.venue,
      cafe_day: order.cafe_day,
      taken_at: null,
      walk_up: plan.walkUp ? 1 : 0,
      guest_name: plan.guestName,
      user_id: owner.id,
      user_name: owner.name,
      menu_id: menu.id,
      menu_name: menu.name,
      category_id: menu.category.id,
      category_name: menu.category.name,
      pickup_at: plan.pickupAt,
      options_json: JSON.stringify(
        plan.options.map((o) => [
          o.group_id,
          o.group_name,
          o.choice_id,
          o.choice_name,
          o.quantity,
          o.is_default,
          o.sort_order,
        ]),
      ),
    };
    core.ordersChanged(site.id);
    events.order(site.id, toOrdersEvent(row, null));
    // Every process's release timer: this order may be the next one due.
    if (entry.to === 'scheduled') ctx.bus.publish(SCHEDULED_TOPIC, site.id);
    return { order: toOrder(row), replayed: false };
  }

  /** POST /order's checks, in the order docs/api.md lists them; what to save when they pass. */
  async function planPlacement(user: AuthUser, body: OrderCreateBody): Promise<OrderPlan> {
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
        settings: config,
        position:
          body.latitude === undefined || body.longitude === undefined
            ? undefined
            : { latitude: body.latitude, longitude: body.longitude },
      }),
    );
    return {
      site,
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
    async place(user: AuthUser, body: OrderCreateBody, idempotencyKey?: string): Promise<Placement> {
      const fingerprint = idempotencyKey === undefined ? null : placementFingerprint(body);
      let plan: OrderPlan;
      try {
        plan = await planPlacement(user, body);
      } catch (error) {
        // A retry of a placement already made is answered with its order whatever the rules say
        // now (the shop may have closed since, or the order itself fill the daily limit). Looked up
        // only when a rule refuses: otherwise the placement's transaction finds it, one statement
        // fewer for every new order.
        if (idempotencyKey !== undefined && fingerprint !== null) {
          const found = await findByIdempotencyKey(db, user.id, idempotencyKey);
          if (found && found.fingerprint !== fingerprint) throw keyReused();
          if (found) return { order: toOrder(await load(found.id)), replayed: true };
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
      const { order } = await saveOrder({
        site,
        owner,
        placedBy: barista.id,
        guestName: body.userId === undefined ? (body.guestName ?? null) : null,
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
        idempotency: null,
      });
      return order;
    },
  };
}
