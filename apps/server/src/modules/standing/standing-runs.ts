import { addDays, cafeDayOf, startOfCafeDay, weekdayOf } from '@cafe/shared';
import type { AppBase } from '../../context';
import { startDueTimer, type DueTimer } from '../../lib/due-timer';
import type { StandingFailure } from '../../lib/domain-events';
import { inEnglish } from '../../lib/people-texts';
import { iso } from '../../lib/time';
import type { StandingOutcome } from '../ordering/standing-door';
import type { SiteRecord } from '../sites/sites.service';
import { pickupInstant, planOf, weekdaysOf } from './standing-days';
import type { EndReason, StandingDeps } from './standing.service';
import * as repo from './standing.repository';

/** A claim left `placing` this long (its process stopped mid-way) is taken over by another run. */
const STALE_CLAIM_MS = 2 * 60 * 1000;
/** What the bus carries when a standing order is set or changed (any process): today's may be due. */
export const STANDING_TOPIC = 'standing-orders';

/** The Idempotency-Key of a standing order's placement on `day`: one order, however often it is tried. */
export const standingKey = (id: number, day: string) => `standing:${id}:${day}`;

/**
 * Each day, each running standing order becomes an order for later (docs/standing-orders.md):
 * from the start of the site's day (its local midnight), at its time on the site's clock, through
 * the orders' own `place` (the one placement decision). A day is claimed first by inserting its
 * record (unique per standing order and day), so of several processes, or after a restart, one
 * places it; the placement carries the Idempotency-Key `standing:<id>:<day>`, so a claim taken
 * over from a process that stopped mid-way finds its order instead of making a second one.
 */
export function createStandingRuns(
  ctx: AppBase,
  deps: StandingDeps,
  own: { end(where: { id: number }, reason: EndReason): Promise<number> },
) {
  const { db, clock, log } = ctx;
  let timer: DueTimer | undefined;

  /** Places the day's order through the door, or says why not (skipped, or failed in the person's words). */
  async function attempt(row: repo.StandingRow, site: SiteRecord, day: string): Promise<StandingOutcome> {
    const user = await deps.users.findActive(row.user_id);
    if (!user) {
      await own.end({ id: row.id }, 'account-closed');
      return { outcome: 'skipped', code: 'ACCOUNT_CLOSED', text: { id: 'people.standing.accountClosed' }, drink: null };
    }
    if (user.homeSiteId !== null && user.homeSiteId !== row.site_id) {
      // The person moved to another site: theirs at the old one ends (docs/standing-orders.md).
      await own.end({ id: row.id }, 'site-changed');
      return { outcome: 'skipped', code: 'SITE_CHANGED', text: { id: 'people.standing.siteChanged' }, drink: null };
    }
    return deps.ordering.standing.placeDay(user, planOf(row, site), day, standingKey(row.id, day));
  }

  /** Records the day's outcome; a failure tells its owner in the same transaction (the `standing.failing` event). */
  async function settle(row: repo.StandingRow, site: SiteRecord, day: string, outcome: StandingOutcome): Promise<void> {
    if (outcome.outcome === 'placed') {
      await repo.settleDay(db, row.id, day, { outcome: 'placed', orderId: outcome.orderId, reason: null });
      await ctx.domainEvents.emit('standing.placed', {
        standingOrderId: row.id,
        userId: row.user_id,
        orderId: outcome.orderId,
        day,
      });
      return;
    }
    const reason = inEnglish(outcome.text);
    if (outcome.outcome === 'skipped') {
      await repo.settleDay(db, row.id, day, { outcome: 'skipped', orderId: null, reason, reasonText: outcome.text });
      return;
    }
    const failure: StandingFailure = {
      userId: row.user_id,
      standingOrderId: row.id,
      day,
      time: row.time,
      drink: outcome.drink,
      siteId: site.id,
      siteName: site.name,
      code: outcome.code,
      reason,
      reasonText: outcome.text,
    };
    const notified = await db.transaction().execute(async (trx) => {
      await repo.settleDay(trx, row.id, day, { outcome: 'failed', orderId: null, reason, reasonText: outcome.text });
      return ctx.domainEvents.emitWithin(trx, 'standing.failing', failure);
    });
    log.info({ standingOrderId: row.id, day, code: outcome.code }, 'standing order not placed; its owner is told');
    await ctx.domainEvents.emit('standing.failed', { ...failure, notified });
  }

  /**
   * Every standing order due at `now`: today's on the site's calendar, on one of its weekdays, not
   * paused; skipped on the day it skips and on a closed day. Answers what it did and the next instant
   * something falls due (the next local midnight of a site with a running one).
   */
  async function runDue(now: Date): Promise<{ placed: number; skipped: number; failed: number; nextDue: Date | null }> {
    const done = { placed: 0, skipped: 0, failed: 0, nextDue: null as Date | null };
    const sitesById = new Map((await deps.sites.read()).sites.map((s) => [s.id, s]));
    // Each site's today, and the days already settled: no write for them on every pass.
    const todays = [...new Set([...sitesById.values()].map((site) => cafeDayOf(now, site.timeZone)))];
    const settled = await repo.settledOn(db, todays);
    for (const row of await repo.listRunning(db)) {
      const site = sitesById.get(row.site_id);
      if (!site) continue;
      if (site.archived) {
        await own.end({ id: row.id }, 'site-archived');
        continue;
      }
      const today = cafeDayOf(now, site.timeZone);
      const tomorrow = startOfCafeDay(addDays(today, 1), site.timeZone);
      if (!done.nextDue || tomorrow < done.nextDue) done.nextDue = tomorrow;
      if (row.paused === 1 || !weekdaysOf(row.weekdays).includes(weekdayOf(today))) continue;
      // Set or changed today after its time: today's was never meant (its first day is the next one).
      if (
        pickupInstant(today, row.time, site.timeZone) <= now &&
        row.updated_at >= iso(startOfCafeDay(today, site.timeZone))
      ) {
        continue;
      }
      if (settled.has(`${row.id}:${today}`)) continue;
      const at = iso(now);
      let claimed = await repo.claimDay(db, row.id, today, at);
      if (!claimed) {
        const stale = iso(new Date(now.getTime() - STALE_CLAIM_MS));
        claimed = await repo.reclaimStale(db, row.id, today, stale, at);
      }
      if (!claimed) continue;
      const outcome: StandingOutcome =
        row.skip_date === today
          ? { outcome: 'skipped', code: 'SKIPPED', text: { id: 'people.standing.skipped' }, drink: null }
          : await attempt(row, site, today);
      await settle(row, site, today, outcome);
      done[outcome.outcome] += 1;
    }
    return done;
  }

  return {
    runDue,
    /** Runs due standing orders soon (one was set or changed, in any process). */
    wake(): void {
      ctx.bus.publish(STANDING_TOPIC, null);
    },
    /** The timer of this process: now, at each site's next midnight, on a change, at least every minute. */
    start(): void {
      timer ??= startDueTimer({
        now: () => clock.now(),
        maxPauseMs: 60_000,
        retryMs: 5_000,
        bus: ctx.bus,
        wakeOn: [STANDING_TOPIC],
        onError: (error) =>
          log.warn({ err: error }, 'standing orders: could not place the due ones; trying again shortly'),
        async run() {
          const outcome = await runDue(clock.now());
          const { nextDue, ...counts } = outcome;
          if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'standing orders: placed the day’s');
          return nextDue;
        },
      });
    },
    async stop(): Promise<void> {
      await timer?.stop();
      timer = undefined;
    },
  };
}
