import {
  peopleText,
  CLOSING_WARNING_MINUTES,
  DEFAULT_WEEKLY_PERIODS,
  cafeDayOf,
  latestChangeAtOrBefore,
  nextOpening,
  scheduledChanges,
  venuesClosedBy,
  type ClosedDay,
  type ClosedDayBody,
  type ClosingSoonEvent,
  type Schedule,
  type ScheduledChange,
  type Venue,
  type WeeklyPeriod,
  type WeeklyScheduleBody,
  type OpeningRules,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Change } from '../../lib/domain-events';
import type { ShopStatusService } from '../sites/shop-status.service';
import type { SitesService } from '../sites/sites.service';
import type { Db } from '../../db/types';
import { findSystemAccountId } from '../../db/system-account';
import { createMemoryCache } from '../../lib/cache';
import { badRequest, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { startOpeningHoursTimer, type OpeningHoursTimer } from './opening-hours-timer';
import {
  claimRun,
  deleteClosedDay,
  listClosedDays,
  listWeekly,
  releaseRun,
  replaceWeekly,
  runExists,
  saveClosedDay,
  type WeeklyRow,
} from './schedule.repository';

const WARNING_MS = CLOSING_WARNING_MINUTES * 60_000;

/** The schedule as the rules read it: every weekly period and every closed day. */
interface Rules {
  weekly: WeeklyPeriod[];
  closedDays: ClosedDay[];
}

/** What one run of the opening hours did at a site (tests read it; the timer only logs it). */
export interface SiteRunReport {
  siteId: number;
  /** The scheduled change applied now, if any. */
  applied: ScheduledChange | null;
  /** A change not applied because a person set the shop status after it. */
  skipped: ScheduledChange | null;
  /** Closing warnings sent now. */
  warned: ClosingSoonEvent[];
}

/** What one run did: per site, and (for a deployment of one site) that site's report as it is. */
export interface RunReport extends Omit<SiteRunReport, 'siteId'> {
  sites: SiteRunReport[];
}

/**
 * What the audit log keeps of a new week: the venues' weekdays whose hours changed, as they were
 * and as they became (a weekday closed on one side is absent from it). Null: nothing changed.
 */
function changedPeriods(before: readonly WeeklyRow[], after: readonly WeeklyRow[]) {
  const key = (p: WeeklyRow) => `${p.venue}:${p.weekday}`;
  const text = (p: WeeklyRow | undefined) => (p ? `${p.opens}-${p.closes}` : '');
  const was = new Map(before.map((p) => [key(p), p]));
  const is = new Map(after.map((p) => [key(p), p]));
  const changed = [...new Set([...was.keys(), ...is.keys()])].filter((k) => text(was.get(k)) !== text(is.get(k)));
  if (changed.length === 0) return null;
  const pick = (periods: Map<string, WeeklyRow>) =>
    changed.flatMap((k) => {
      const p = periods.get(k);
      return p ? [{ venue: p.venue, weekday: p.weekday, opens: p.opens, closes: p.closes }] : [];
    });
  return { before: { weekly: pick(was) }, after: { weekly: pick(is) } };
}

const changeKey = (siteId: number, change: ScheduledChange) => `change:${siteId}:${iso(change.at)}`;
const warningKey = (siteId: number, venue: Venue, at: Date) => `warning:${siteId}:${venue}:${iso(at)}`;

/**
 * Opening hours that run themselves, at each site in its own zone (docs/decisions/0019-opening-hours.md,
 * 0027-sites.md). The weekly periods and closed days of a site decide the mode its shop should be in (packages/shared `scheduledModeAt`); at each
 * change of it the shop status is set as a barista would set it, by the opening hours' account;
 * ten minutes before a venue closes everyone is warned, and at the close its orders still waiting
 * are rejected. Each change and warning is handled once, by whichever process claims its key.
 */
export function createScheduleService(ctx: AppBase, deps: { sites: SitesService; shopStatus: ShopStatusService }) {
  const { db, clock, config, events } = ctx;
  const sites = () => deps.sites;

  // A new site's hours: the specification's, for the venues it runs (in the site's transaction).
  ctx.domainEvents.within('site.created', async (trx, { siteId, venues, by }) => {
    const weekly = DEFAULT_WEEKLY_PERIODS.filter((p) => venues[p.venue]);
    await replaceWeekly(trx, siteId, [...weekly], by, iso(clock.now()));
  });

  // Read by every tick of every process and by every closed page; changed a few times a year.
  const rules = createMemoryCache<number, Rules>({ topic: 'schedule', bus: ctx.bus, ttlMs: 60_000 });
  const loadRules = async (executor: Db, siteId: number): Promise<Rules> => ({
    weekly: await listWeekly(executor, siteId),
    closedDays: await listClosedDays(executor, siteId),
  });
  const readRules = (siteId: number) => rules.get(siteId, () => loadRules(db, siteId));

  let systemAccount: Promise<number> | undefined;
  const systemAccountId = () =>
    (systemAccount ??= findSystemAccountId(db).catch((error: unknown) => {
      systemAccount = undefined;
      throw error;
    }));

  /**
   * Keys this process knows are handled (by it or another): a tick that finds nothing new asks the
   * database nothing. Bounded: a key forgotten is only looked up again.
   */
  const handled = new Set<string>();
  const remember = (key: string) => {
    if (handled.size >= 1000) handled.clear();
    handled.add(key);
  };

  /** A run record for `key`, taken now. */
  const run = (key: string, kind: 'change' | 'warning', at: Date, outcome: string) => ({
    key,
    kind,
    scheduled_at: iso(at),
    outcome,
    created_at: iso(clock.now()),
  });

  /**
   * Sets the mode of `change` at a site as a barista would (cache dropped in every process,
   * `cafe-status` sent), then rejects what still waits at each venue that closes: the venues the
   * schedule closes, and any other one that was open and is not after the change.
   */
  async function apply(siteId: number, change: ScheduledChange, systemId: number): Promise<void> {
    const before = await deps.shopStatus.get(siteId);
    const closing = new Set(venuesClosedBy(change));
    if (before.isCafeOpen && change.to !== 'cafe-open') closing.add('cafe');
    if (before.isBarOpen && change.to !== 'bar-open') closing.add('bar');
    // What still waits at a venue that closes goes with it (the orders module follows the change).
    await deps.shopStatus.set(siteId, change.to, systemId, [...closing]);
  }

  /**
   * The latest scheduled change of a site, not handled yet: applied, unless a person set the shop
   * status after its time (their choice stands until the next change). A process that was not
   * running at the time (a restart in the middle of a period) applies it late, under the same rule.
   */
  async function handleChange(siteId: number, change: ScheduledChange, report: SiteRunReport): Promise<void> {
    const key = changeKey(siteId, change);
    if (handled.has(key)) return;
    if (await runExists(db, key)) {
      remember(key);
      return;
    }
    const systemId = await systemAccountId();
    const last = await deps.shopStatus.lastChange(siteId);
    const byHandSince = last.by !== null && last.by !== systemId && last.at > iso(change.at);
    // Nobody would make the drinks: a site with no barista assigned opens only by an admin's hand.
    const unstaffed = change.to !== 'close-both' && !(await sites().hasBaristas(siteId));
    if (byHandSince || unstaffed) {
      await claimRun(db, run(key, 'change', change.at, 'skipped'));
      remember(key);
      report.skipped = change;
      return;
    }
    if (!(await claimRun(db, run(key, 'change', change.at, 'applied')))) {
      remember(key);
      return;
    }
    try {
      await apply(siteId, change, systemId);
    } catch (error) {
      // Not made after all (the database went away): give the key back, the next run tries again.
      await releaseRun(db, key).catch(() => undefined);
      throw error;
    }
    remember(key);
    report.applied = change;
  }

  /** The site's people hear, once, of each venue the schedule closes within the next ten minutes. */
  async function warnOfClosing(
    site: { id: number; timeZone: string },
    schedule: Rules,
    now: Date,
    report: SiteRunReport,
  ): Promise<void> {
    const soon = scheduledChanges(schedule, now, new Date(now.getTime() + WARNING_MS), site.timeZone);
    for (const change of soon) {
      for (const venue of venuesClosedBy(change)) {
        const key = warningKey(site.id, venue, change.at);
        if (handled.has(key)) continue;
        if (await claimRun(db, run(key, 'warning', change.at, 'sent'))) {
          const event = { venue, at: iso(change.at) };
          events.closingSoon(site.id, event);
          report.warned.push(event);
        }
        remember(key);
      }
    }
  }

  function answerFor(schedule: Rules, now: Date, zone: string): Schedule {
    const today = cafeDayOf(now, zone);
    const next = nextOpening(schedule, now, zone);
    return {
      weekly: schedule.weekly.map(({ venue, weekday, opens, closes }) => ({ venue, weekday, opens, closes })),
      closedDays: schedule.closedDays.filter((c) => c.day >= today).map(({ day, note }) => ({ day, note })),
      nextOpening: next ? { venue: next.venue, at: iso(next.at) } : null,
      closingWarningMinutes: CLOSING_WARNING_MINUTES,
      automatic: config.openingHours,
    };
  }

  /**
   * Around every edit of a site's hours: what is due under the old schedule is done first (when
   * the opening hours run the shop). In the edit's transaction, the latest change of the new
   * schedule is marked as handled without being applied: an edit takes effect from the next
   * opening or closing time and never moves the shop by itself (no process can see the new
   * schedule before that mark). Then every process is told, and the site's people get the new schedule.
   */
  async function edit(siteId: number, save: (trx: Db) => Promise<Change[]>): Promise<Schedule> {
    const site = await sites().get(siteId);
    if (config.openingHours) await runDue(clock.now());
    const now = clock.now();
    const { settled, changes } = await db.transaction().execute(async (trx) => {
      const made = await save(trx);
      const latest = latestChangeAtOrBefore(await loadRules(trx, siteId), now, site.timeZone);
      if (!latest) return { settled: null, changes: made };
      await claimRun(trx, run(changeKey(siteId, latest), 'change', latest.at, 'skipped'));
      return { settled: changeKey(siteId, latest), changes: made };
    });
    if (settled) remember(settled);
    rules.invalidate(siteId);
    await ctx.domainEvents.emit('schedule.changed', { siteId, changes });
    const answer = answerFor(await readRules(siteId), now, site.timeZone);
    events.schedule(siteId, answer);
    return answer;
  }

  async function runSite(site: { id: number; timeZone: string }, now: Date): Promise<SiteRunReport> {
    const schedule = await readRules(site.id);
    const report: SiteRunReport = { siteId: site.id, applied: null, skipped: null, warned: [] };
    const latest = latestChangeAtOrBefore(schedule, now, site.timeZone);
    if (latest) await handleChange(site.id, latest, report);
    await warnOfClosing(site, schedule, now, report);
    return report;
  }

  async function runDue(now: Date): Promise<RunReport> {
    const reports: SiteRunReport[] = [];
    for (const site of await sites().active()) reports.push(await runSite(site, now));
    return {
      applied: reports.find((r) => r.applied)?.applied ?? null,
      skipped: reports.find((r) => r.skipped)?.skipped ?? null,
      warned: reports.flatMap((r) => r.warned),
      sites: reports,
    };
  }

  /** A period of a venue the site does not run is refused. */
  async function requireVenuesOf(siteId: number, weekly: readonly WeeklyPeriod[]): Promise<void> {
    const site = await sites().get(siteId);
    const foreign = weekly.find((p) => !site.venues[p.venue]);
    if (foreign)
      throw badRequest(
        `weekly: ${site.name} does not run the ${foreign.venue}`,
        peopleText('people.schedule.venueNotRun', { site: site.name, venue: foreign.venue }),
      );
  }

  let timer: OpeningHoursTimer | undefined;

  const api = {
    /** A site's weekly periods and closed days, as the rules of packages/shared/src/schedule.ts take them. */
    rulesOf: (siteId: number): Promise<OpeningRules> => readRules(siteId),

    /** GET /schedule of a site: the weekly periods, closed days from today, and when a venue next opens. */
    async get(siteId: number): Promise<Schedule> {
      const site = await sites().get(siteId);
      return answerFor(await readRules(siteId), clock.now(), site.timeZone);
    },

    /** PUT /schedule/weekly: the site's week becomes these periods. */
    async replaceWeekly(user: AuthUser, siteId: number, body: WeeklyScheduleBody): Promise<Schedule> {
      await requireVenuesOf(siteId, body.weekly);
      return edit(siteId, async (trx) => {
        const before = await listWeekly(trx, siteId);
        await replaceWeekly(trx, siteId, body.weekly, user.id, iso(clock.now()));
        const changed = changedPeriods(before, await listWeekly(trx, siteId));
        if (!changed) return [];
        return [{ actor: user, action: 'schedule.weekly', target: { type: 'site', id: siteId }, siteId, ...changed }];
      });
    },

    /** POST /schedule/closed-days: both venues of the site stay closed that day (the same day again: a new note). */
    async addClosedDay(user: AuthUser, siteId: number, body: ClosedDayBody): Promise<Schedule> {
      const site = await sites().get(siteId);
      if (body.day < cafeDayOf(clock.now(), site.timeZone)) {
        throw badRequest('day: must be today or later (cafe time)', peopleText('people.schedule.dayInPast'));
      }
      const closedDay = { day: body.day, note: body.note ?? '' };
      return edit(siteId, async (trx) => {
        const before = (await listClosedDays(trx, siteId)).find((c) => c.day === body.day);
        await saveClosedDay(trx, siteId, closedDay, user.id, iso(clock.now()));
        return [
          {
            actor: user,
            action: 'schedule.closed-day.add',
            target: { type: 'closed-day', id: body.day },
            siteId,
            before: before ? { day: before.day, note: before.note } : null,
            after: closedDay,
          },
        ];
      });
    },

    /** DELETE /schedule/closed-days/{day}. */
    async removeClosedDay(user: AuthUser, siteId: number, day: string): Promise<Schedule> {
      return edit(siteId, async (trx) => {
        const before = (await listClosedDays(trx, siteId)).find((c) => c.day === day);
        if (!before || !(await deleteClosedDay(trx, siteId, day)))
          throw notFound('Closed day', peopleText('people.notFound.closedDay'));
        return [
          {
            actor: user,
            action: 'schedule.closed-day.remove',
            target: { type: 'closed-day', id: day },
            siteId,
            before: { day: before.day, note: before.note },
            after: null,
          },
        ];
      });
    },

    /**
     * Applies what is due at `now` at every site: the latest scheduled change if nobody handled it
     * yet, and the warnings of the closes within the next ten minutes. Safe to call any number of
     * times, from any number of processes at once: each change and warning happens once.
     */
    runDue,

    /** When the next run has something to do at any site: the next change, or the warning before a close. */
    async nextDue(now: Date): Promise<Date | null> {
      const instants: number[] = [];
      for (const site of await sites().active()) {
        const soon = scheduledChanges(
          await readRules(site.id),
          now,
          new Date(now.getTime() + 24 * 3_600_000),
          site.timeZone,
        );
        for (const change of soon) {
          const warnAt = change.at.getTime() - WARNING_MS;
          if (venuesClosedBy(change).length > 0 && warnAt > now.getTime()) instants.push(warnAt);
          instants.push(change.at.getTime());
        }
      }
      return instants.length > 0 ? new Date(Math.min(...instants)) : null;
    },

    /** Runs the opening hours on their own from now on (server.ts, after the live adapter is attached). */
    start(): void {
      timer ??= startOpeningHoursTimer(ctx, { runDue, nextDue: (now) => api.nextDue(now) });
    },

    /** Stops the timer and waits for a run under way. */
    async stop(): Promise<void> {
      await timer?.stop();
      timer = undefined;
    },
  };
  return api;
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
