import {
  CLOSING_WARNING_MINUTES,
  SHOP_CLOSING_NOTE,
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
} from '@cafe/shared';
import type { AppContext, AuthUser } from '../../context';
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
} from './schedule.repository';

const WARNING_MS = CLOSING_WARNING_MINUTES * 60_000;

/** The schedule as the rules read it: every weekly period and every closed day. */
interface Rules {
  weekly: WeeklyPeriod[];
  closedDays: ClosedDay[];
}

/** What one run of the opening hours did (tests read it; the timer only logs it). */
export interface RunReport {
  /** The scheduled change applied now, if any. */
  applied: ScheduledChange | null;
  /** A change not applied because a person set the shop status after it. */
  skipped: ScheduledChange | null;
  /** Closing warnings sent now. */
  warned: ClosingSoonEvent[];
}

const changeKey = (change: ScheduledChange) => `change:${iso(change.at)}`;
const warningKey = (venue: Venue, at: Date) => `warning:${venue}:${iso(at)}`;

/**
 * Opening hours that run themselves (docs/decisions/0019-opening-hours.md). The weekly periods and
 * closed days decide the mode the shop should be in (packages/shared `scheduledModeAt`); at each
 * change of it the shop status is set as a barista would set it, by the opening hours' account;
 * ten minutes before a venue closes everyone is warned, and at the close its orders still waiting
 * are rejected. Each change and warning is handled once, by whichever process claims its key.
 */
export function createScheduleService(ctx: AppContext) {
  const { db, clock, config, events } = ctx;
  const zone = config.cafeTimezone;

  // Read by every tick of every process and by every closed page; changed a few times a year.
  const rules = createMemoryCache<'rules', Rules>({ topic: 'schedule', bus: ctx.bus, ttlMs: 60_000 });
  const loadRules = async (executor: Db): Promise<Rules> => ({
    weekly: await listWeekly(executor),
    closedDays: await listClosedDays(executor),
  });
  const readRules = () => rules.get('rules', () => loadRules(db));

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
   * Sets the mode of `change` as a barista would (cache dropped in every process, `cafe-status`
   * sent), then rejects what still waits at each venue that closes: the venues the schedule
   * closes, and any other one that was open and is not after the change.
   */
  async function apply(change: ScheduledChange, systemId: number): Promise<void> {
    const before = await ctx.services.shopStatus.get();
    await ctx.services.shopStatus.set(change.to, systemId);
    const closing = new Set(venuesClosedBy(change));
    if (before.isCafeOpen && change.to !== 'cafe-open') closing.add('cafe');
    if (before.isBarOpen && change.to !== 'bar-open') closing.add('bar');
    for (const venue of closing) {
      await ctx.services.orders.rejectWaitingAtClose(venue, SHOP_CLOSING_NOTE, systemId);
    }
  }

  /**
   * The latest scheduled change, not handled yet: applied, unless a person set the shop status
   * after its time (their choice stands until the next change). A process that was not running at
   * the time (a restart in the middle of a period) applies it late, under the same rule.
   */
  async function handleChange(change: ScheduledChange, report: RunReport): Promise<void> {
    const key = changeKey(change);
    if (handled.has(key)) return;
    if (await runExists(db, key)) {
      remember(key);
      return;
    }
    const systemId = await systemAccountId();
    const last = await ctx.services.shopStatus.lastChange();
    const byHandSince = last.by !== null && last.by !== systemId && last.at > iso(change.at);
    if (byHandSince) {
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
      await apply(change, systemId);
    } catch (error) {
      // Not made after all (the database went away): give the key back, the next run tries again.
      await releaseRun(db, key).catch(() => undefined);
      throw error;
    }
    remember(key);
    report.applied = change;
  }

  /** Everyone hears, once, of each venue the schedule closes within the next ten minutes. */
  async function warnOfClosing(schedule: Rules, now: Date, report: RunReport): Promise<void> {
    const soon = scheduledChanges(schedule, now, new Date(now.getTime() + WARNING_MS), zone);
    for (const change of soon) {
      for (const venue of venuesClosedBy(change)) {
        const key = warningKey(venue, change.at);
        if (handled.has(key)) continue;
        if (await claimRun(db, run(key, 'warning', change.at, 'sent'))) {
          const event = { venue, at: iso(change.at) };
          events.closingSoon(event);
          report.warned.push(event);
        }
        remember(key);
      }
    }
  }

  function answerFor(schedule: Rules, now: Date): Schedule {
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
   * Around every edit: what is due under the old schedule is done first (when the opening hours
   * run the shop). In the edit's transaction, the latest change of the new schedule is marked as
   * handled without being applied: an edit takes effect from the next opening or closing time and
   * never moves the shop by itself (no process can see the new schedule before that mark). Then
   * every process is told, and everyone gets the new schedule.
   */
  async function edit(save: (trx: Db) => Promise<void>): Promise<Schedule> {
    if (config.openingHours) await runDue(clock.now());
    const now = clock.now();
    const settled = await db.transaction().execute(async (trx) => {
      await save(trx);
      const latest = latestChangeAtOrBefore(await loadRules(trx), now, zone);
      if (!latest) return null;
      await claimRun(trx, run(changeKey(latest), 'change', latest.at, 'skipped'));
      return changeKey(latest);
    });
    if (settled) remember(settled);
    rules.invalidate();
    const answer = answerFor(await readRules(), now);
    events.schedule(answer);
    return answer;
  }

  async function runDue(now: Date): Promise<RunReport> {
    const schedule = await readRules();
    const report: RunReport = { applied: null, skipped: null, warned: [] };
    const latest = latestChangeAtOrBefore(schedule, now, zone);
    if (latest) await handleChange(latest, report);
    await warnOfClosing(schedule, now, report);
    return report;
  }

  let timer: OpeningHoursTimer | undefined;

  return {
    /** GET /schedule: the weekly periods, closed days from today, and when a venue next opens. */
    async get(): Promise<Schedule> {
      return answerFor(await readRules(), clock.now());
    },

    /** PUT /schedule/weekly: the week's periods become these. */
    async replaceWeekly(user: AuthUser, body: WeeklyScheduleBody): Promise<Schedule> {
      return edit((trx) => replaceWeekly(trx, body.weekly, user.id, iso(clock.now())));
    },

    /** POST /schedule/closed-days: both venues stay closed that day (the same day again: a new note). */
    async addClosedDay(user: AuthUser, body: ClosedDayBody): Promise<Schedule> {
      if (body.day < cafeDayOf(clock.now(), zone)) throw badRequest('day: must be today or later (cafe time)');
      return edit((trx) => saveClosedDay(trx, { day: body.day, note: body.note ?? '' }, user.id, iso(clock.now())));
    },

    /** DELETE /schedule/closed-days/{day}. */
    async removeClosedDay(day: string): Promise<Schedule> {
      return edit(async (trx) => {
        if (!(await deleteClosedDay(trx, day))) throw notFound('Closed day');
      });
    },

    /**
     * Applies what is due at `now`: the latest scheduled change if nobody handled it yet, and the
     * warnings of the closes within the next ten minutes. Safe to call any number of times, from
     * any number of processes at once: each change and warning happens once.
     */
    runDue,

    /** When the next run has something to do: the next change, or the warning before a close. */
    async nextDue(now: Date): Promise<Date | null> {
      const soon = scheduledChanges(await readRules(), now, new Date(now.getTime() + 24 * 3_600_000), zone);
      const instants = soon.flatMap((change) => {
        const warnAt = change.at.getTime() - WARNING_MS;
        return venuesClosedBy(change).length > 0 && warnAt > now.getTime()
          ? [warnAt, change.at.getTime()]
          : [change.at.getTime()];
      });
      return instants.length > 0 ? new Date(Math.min(...instants)) : null;
    },

    /** Runs the opening hours on their own from now on (server.ts, after the live adapter is attached). */
    start(): void {
      timer ??= startOpeningHoursTimer(ctx);
    },

    /** Stops the timer and waits for a run under way. */
    async stop(): Promise<void> {
      await timer?.stop();
      timer = undefined;
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
