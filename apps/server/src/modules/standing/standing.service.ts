import {
  DrinkChoiceSchema,
  addDays,
  cafeDayOf,
  type DrinkChoice,
  type StandingOrder,
  type StandingOrderCreateBody,
  type StandingOrderPatchBody,
  type Usual,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { MenuService } from '../menu/menu.service';
import type { OrdersService } from '../orders/orders.service';
import type { ScheduleService } from '../schedule/schedule.service';
import type { SitesService } from '../sites/sites.service';
import type { UsersService } from '../users/users.service';
import { nextDayOf, weekdaysOf, weekdaysText } from './standing-days';
import { createStandingRuns } from './standing-runs';
import * as repo from './standing.repository';

export interface StandingDeps {
  orders: OrdersService;
  users: UsersService;
  sites: SitesService;
  schedule: ScheduleService;
  menu: MenuService;
}

/** Why a standing order ended (docs/standing-orders.md). */
export type EndReason = 'removed' | 'account-closed' | 'site-changed' | 'site-archived';

const parseDrink = (json: string | null): DrinkChoice | null => {
  if (json === null) return null;
  const parsed = DrinkChoiceSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
};

/**
 * The usual and standing orders (issue 32, docs/standing-orders.md): a person's usual drink kept on
 * the server, and "my usual (or this drink), at this site, on these weekdays, at this time", placed
 * each day as an order for later through the orders' one placement decision (standing-runs.ts).
 */
export function createStandingService(ctx: AppBase, deps: StandingDeps) {
  const { db, clock } = ctx;

  /** GET /me/usual's drink: the saved one, else the person's most recent picked-up cafe order. */
  async function usualOf(userId: number): Promise<Usual> {
    const saved = parseDrink(await repo.findUsual(db, userId));
    if (saved) return { drink: saved, source: 'saved' };
    const last = await deps.orders.lastPickedDrink(userId);
    return last ? { drink: last, source: 'last-order' } : null;
  }

  const runs = createStandingRuns(ctx, deps, { usual: async (userId) => (await usualOf(userId))?.drink ?? null, end });

  async function end(where: Parameters<typeof repo.endStanding>[1], reason: EndReason): Promise<number> {
    const ended = await repo.endStanding(db, where, reason, iso(clock.now()));
    if (ended > 0) ctx.log.info({ ...where, reason, ended }, 'standing orders ended');
    return ended;
  }

  async function toStanding(row: repo.StandingRow, lastRun: repo.RunRow | undefined): Promise<StandingOrder> {
    const site = await deps.sites.get(row.site_id);
    const now = clock.now();
    const today = cafeDayOf(now, site.timeZone);
    const weekdays = weekdaysOf(row.weekdays);
    const doneToday = lastRun?.day === today;
    return {
      id: row.id,
      siteId: row.site_id,
      drink: parseDrink(row.drink),
      weekdays,
      time: row.time,
      paused: row.paused === 1,
      skipDate: row.skip_date !== null && row.skip_date >= today ? row.skip_date : null,
      nextDay:
        row.paused === 1
          ? null
          : nextDayOf({ weekdays, time: row.time }, today, now, site.timeZone, { doneToday, skip: row.skip_date }),
      lastRun: lastRun
        ? {
            day: lastRun.day,
            outcome: lastRun.outcome === 'placing' ? 'placed' : (lastRun.outcome as 'placed' | 'skipped' | 'failed'),
            orderId: lastRun.order_id,
            reason: lastRun.reason,
          }
        : null,
      createdAt: row.created_at,
    };
  }

  /** The person's own running standing order (404 for anyone else's, or an ended one). */
  async function ownRow(user: AuthUser, id: number): Promise<repo.StandingRow> {
    const row = await repo.findStanding(db, id);
    if (!row || row.ended_at !== null) throw notFound('Standing order');
    if (row.user_id !== user.id) throw forbidden('This standing order belongs to someone else.');
    return row;
  }

  async function one(row: repo.StandingRow): Promise<StandingOrder> {
    const fresh = (await repo.findStanding(db, row.id)) ?? row;
    return toStanding(fresh, (await repo.latestRuns(db, [row.id])).get(row.id));
  }

  /** A drink the menu knows (400 otherwise): checked when it is set; each day's placement checks the rest. */
  async function checkDrink(drink: DrinkChoice): Promise<void> {
    const item = await deps.menu.findForOrder(drink.menu_id);
    if (!item) throw badRequest('drink.menu_id: no such menu item');
    if (item.venue === 'cafe' && (drink.type === undefined || drink.sweetness === undefined)) {
      throw badRequest('drink: a cafe drink needs its type and sweetness');
    }
  }

  // A person who leaves (account deleted or disabled) ends theirs; an archived site ends its own.
  ctx.domainEvents.on('user.changed', async ({ userId }) => {
    if (!(await deps.users.findActive(userId))) await end({ userId }, 'account-closed');
  });
  ctx.domainEvents.on('site.changed', async ({ siteId }) => {
    const site = await deps.sites.get(siteId).catch(() => null);
    if (site?.archived) await end({ siteId }, 'site-archived');
  });

  /** PATCH /standing-orders/{id}: pause, resume, skip the next day (or not), change the drink, days or time. */
  async function update(user: AuthUser, id: number, body: StandingOrderPatchBody): Promise<StandingOrder> {
    const row = await ownRow(user, id);
    if (body.drink) await checkDrink(body.drink);
    else if (body.drink === null && !(await usualOf(user.id))) {
      throw badRequest('drink: you have no usual yet; choose a drink, or set your usual first');
    }
    const patch: Parameters<typeof repo.updateStanding>[2] = { updated_at: iso(clock.now()) };
    if (body.paused !== undefined) patch.paused = body.paused ? 1 : 0;
    if (body.drink !== undefined) patch.drink = body.drink === null ? null : JSON.stringify(body.drink);
    if (body.weekdays !== undefined) patch.weekdays = weekdaysText(body.weekdays);
    if (body.time !== undefined) patch.time = body.time;
    if (body.skipNext !== undefined) {
      if (!body.skipNext) patch.skip_date = null;
      else {
        const site = await deps.sites.get(row.site_id);
        const now = clock.now();
        const today = cafeDayOf(now, site.timeZone);
        const doneToday = (await repo.findRun(db, row.id, today)) !== undefined;
        const next = nextDayOf(
          { weekdays: body.weekdays ?? weekdaysOf(row.weekdays), time: body.time ?? row.time },
          today,
          now,
          site.timeZone,
          { doneToday, skip: null },
        );
        patch.skip_date = next ?? addDays(today, 1);
      }
    }
    await repo.updateStanding(db, row.id, patch);
    runs.wake();
    return one(row);
  }

  return {
    /** The person's usual drink (saved, else their last picked-up cafe drink), or null: what Slack's `/coffee` orders. */
    async usual(userId: number): Promise<DrinkChoice | null> {
      return (await usualOf(userId))?.drink ?? null;
    },
    /** GET /me/usual. */
    usualAnswer: usualOf,
    /** PUT /me/usual. */
    async setUsual(user: AuthUser, drink: DrinkChoice): Promise<Usual> {
      await checkDrink(drink);
      await repo.saveUsual(db, user.id, JSON.stringify(drink), iso(clock.now()));
      return { drink, source: 'saved' };
    },
    /** DELETE /me/usual: back to the last picked-up drink. */
    async clearUsual(user: AuthUser): Promise<Usual> {
      await repo.deleteUsual(db, user.id);
      return usualOf(user.id);
    },

    /** GET /standing-orders: the person's running standing orders. */
    async list(userId: number): Promise<StandingOrder[]> {
      const rows = await repo.listOfUser(db, userId);
      const last = await repo.latestRuns(
        db,
        rows.map((r) => r.id),
      );
      return Promise.all(rows.map((row) => toStanding(row, last.get(row.id))));
    },

    /** POST /standing-orders. */
    async create(user: AuthUser, body: StandingOrderCreateBody): Promise<StandingOrder> {
      const site = await deps.sites.forOrder(user, body.siteId);
      if (!site.venues.cafe && !site.venues.bar) throw badRequest('siteId: this site serves no drinks');
      if (body.drink) await checkDrink(body.drink);
      else if (!(await usualOf(user.id))) {
        throw badRequest('drink: you have no usual yet; choose a drink, or set your usual first');
      }
      const at = iso(clock.now());
      const id = await repo.insertStanding(db, {
        user_id: user.id,
        site_id: site.id,
        drink: body.drink ? JSON.stringify(body.drink) : null,
        weekdays: weekdaysText(body.weekdays),
        time: body.time,
        created_at: at,
        updated_at: at,
      });
      // Today's may be due at once (a time later today).
      runs.wake();
      return one((await repo.findStanding(db, id)) as repo.StandingRow);
    },

    update,

    /** DELETE /standing-orders/{id}: ended by its owner (its records stay). */
    async remove(user: AuthUser, id: number): Promise<void> {
      const row = await ownRow(user, id);
      await end({ id: row.id }, 'removed');
    },

    async pause(user: AuthUser, id: number): Promise<StandingOrder> {
      return update(user, id, { paused: true });
    },
    async resume(user: AuthUser, id: number): Promise<StandingOrder> {
      return update(user, id, { paused: false });
    },
    async skipNext(user: AuthUser, id: number): Promise<StandingOrder> {
      return update(user, id, { skipNext: true });
    },

    /** One pass of the daily placement at `now` (tests, and the timer). */
    runDue: runs.runDue,
    /** The timer of this process (server.ts). */
    start: () => runs.start(),
    stop: () => runs.stop(),
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
