import {
  peopleText,
  cafeDayOf,
  type PeopleText,
  type StandingOrder,
  type StandingOrderCreateBody,
  type StandingOrderPatchBody,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { OrderingService } from '../ordering/ordering.service';
import type { SitesService } from '../sites/sites.service';
import type { UsersService } from '../users/users.service';
import { planOf, weekdaysOf, weekdaysText } from './standing-days';
import { createStandingRuns } from './standing-runs';
import * as repo from './standing.repository';

export interface StandingDeps {
  /** The one door: what a standing order may be, its next day, and each day's placement. */
  ordering: OrderingService;
  users: UsersService;
  sites: SitesService;
}

/** Why a standing order ended (docs/standing-orders.md). */
export type EndReason = 'removed' | 'account-closed' | 'site-changed' | 'site-archived';

/**
 * Standing orders (issue 32, docs/standing-orders.md): "my usual (or this drink), at this site, on
 * these weekdays, at this time", placed each day as an order for later through the ordering door
 * (standing-runs.ts). The door decides what one may be when it is saved and which day comes next;
 * this module keeps them and their days.
 */
export function createStandingService(ctx: AppBase, deps: StandingDeps) {
  const { db, clock } = ctx;
  const door = deps.ordering.standing;

  const runs = createStandingRuns(ctx, deps, { end });

  async function end(where: Parameters<typeof repo.endStanding>[1], reason: EndReason): Promise<number> {
    const ended = await repo.endStanding(db, where, reason, iso(clock.now()));
    if (ended > 0) ctx.log.info({ ...where, reason, ended }, 'standing orders ended');
    return ended;
  }

  async function toStanding(row: repo.StandingRow, lastRun: repo.RunRow | undefined): Promise<StandingOrder> {
    const site = await deps.sites.get(row.site_id);
    const today = cafeDayOf(clock.now(), site.timeZone);
    const doneToday = (await repo.findRun(db, row.id, today)) !== undefined;
    const plan = planOf(row, site);
    return {
      id: row.id,
      siteId: row.site_id,
      drink: plan.drink,
      weekdays: weekdaysOf(row.weekdays),
      time: row.time,
      paused: row.paused === 1,
      skipDate: row.skip_date !== null && row.skip_date >= today ? row.skip_date : null,
      nextDay: row.paused === 1 ? null : await door.nextDay(row.user_id, plan, { doneToday, skip: row.skip_date }),
      lastRun: lastRun
        ? {
            day: lastRun.day,
            outcome: lastRun.outcome as 'placed' | 'skipped' | 'failed',
            orderId: lastRun.order_id,
            reason: lastRun.reason,
            ...(lastRun.reason_text ? { reasonText: JSON.parse(lastRun.reason_text) as PeopleText } : {}),
          }
        : null,
      createdAt: row.created_at,
    };
  }

  /** The person's own running standing order (404 for anyone else's, or an ended one). */
  async function ownRow(user: AuthUser, id: number): Promise<repo.StandingRow> {
    const row = await repo.findStanding(db, id);
    if (!row || row.ended_at !== null) throw notFound('Standing order', peopleText('people.notFound.standingOrder'));
    if (row.user_id !== user.id)
      throw forbidden('This standing order belongs to someone else.', peopleText('people.standing.someoneElses'));
    return row;
  }

  async function one(id: number): Promise<StandingOrder> {
    const row = (await repo.findStanding(db, id)) as repo.StandingRow;
    return toStanding(row, (await repo.latestRuns(db, [row.id])).get(row.id));
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
    const site = await deps.sites.get(row.site_id);
    const patch: Parameters<typeof repo.updateStanding>[2] = { updated_at: iso(clock.now()) };
    const plan = planOf(row, site);
    const changed = {
      ...plan,
      ...(body.drink !== undefined ? { drink: body.drink } : {}),
      ...(body.weekdays !== undefined ? { weekdays: body.weekdays } : {}),
      ...(body.time !== undefined ? { time: body.time } : {}),
    };
    if (body.drink !== undefined || body.weekdays !== undefined || body.time !== undefined) {
      // A drink, days or time changed: checked at the door as when it was set.
      const confirmed = await door.check(user, changed, body.dietConfirmed === true || body.drink === undefined);
      patch.diet_confirmed = JSON.stringify(body.drink === undefined ? plan.dietConfirmed : confirmed);
    }
    if (body.paused !== undefined) patch.paused = body.paused ? 1 : 0;
    if (body.drink !== undefined) patch.drink = body.drink === null ? null : JSON.stringify(body.drink);
    if (body.weekdays !== undefined) patch.weekdays = weekdaysText(body.weekdays);
    if (body.time !== undefined) patch.time = body.time;
    if (body.skipNext !== undefined) {
      if (!body.skipNext) patch.skip_date = null;
      else {
        const today = cafeDayOf(clock.now(), site.timeZone);
        const doneToday = (await repo.findRun(db, row.id, today)) !== undefined;
        patch.skip_date = await door.nextDay(user.id, changed, { doneToday, skip: null });
      }
    }
    await repo.updateStanding(db, row.id, patch);
    runs.wake();
    return one(row.id);
  }

  return {
    /** GET /standing-orders: the person's running standing orders. */
    async list(userId: number): Promise<StandingOrder[]> {
      const rows = await repo.listRunning(db, userId);
      const ids = rows.map((row) => row.id);
      const last = await repo.latestRuns(db, ids);
      return Promise.all(rows.map((row) => toStanding(row, last.get(row.id))));
    },

    /**
     * POST /standing-orders: checked at the door, then kept. The same form sent again (its key) or
     * the same body again answers the standing order it made (`created: false`): one standing order.
     */
    async create(
      user: AuthUser,
      body: StandingOrderCreateBody,
      key?: string,
    ): Promise<{ standing: StandingOrder; created: boolean }> {
      const site = await deps.sites.forOrder(user, body.siteId);
      const fields = {
        site_id: site.id,
        drink: body.drink ? JSON.stringify(body.drink) : null,
        weekdays: weekdaysText(body.weekdays),
        time: body.time,
        creation_key: key ?? null,
      };
      const repeated = await repo.findRepeated(db, user.id, fields);
      if (repeated) return { standing: await one(repeated.id), created: false };
      const plan = { site, drink: body.drink ?? null, weekdays: body.weekdays, time: body.time };
      const confirmed = await door.check(user, plan, body.dietConfirmed === true);
      const at = iso(clock.now());
      const id = await repo.insertStanding(db, {
        ...fields,
        user_id: user.id,
        diet_confirmed: JSON.stringify(confirmed),
        created_at: at,
        updated_at: at,
      });
      if (id === null) {
        // The same form, sent twice at once: the other request made it.
        const made = await repo.findRepeated(db, user.id, fields);
        return { standing: await one((made as repo.StandingRow).id), created: false };
      }
      // Today's may be due at once (a time later today).
      runs.wake();
      return { standing: await one(id), created: true };
    },

    update,

    /** DELETE /standing-orders/{id}: ended by its owner (its records stay). */
    async remove(user: AuthUser, id: number): Promise<void> {
      const row = await ownRow(user, id);
      await end({ id: row.id }, 'removed');
    },

    /** One pass of the daily placement at `now` (tests, and the timer). */
    runDue: runs.runDue,
    /** The timer of this process (server.ts). */
    start: () => runs.start(),
    stop: () => runs.stop(),
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
