import {
  addDays,
  cafeClock,
  cafeDayOf,
  estimateWaitMinutes,
  estimatedReadyAt,
  readyIfJoinedAt,
  readySecondsAlong,
  startOfCafeDay,
  type CategoryFor,
  type OrderListQuery,
  type QueuedOrder,
  type WaitInputs,
  waitMinutesOf,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { SitesService } from '../sites/sites.service';
import { createMemoryCache } from '../../lib/cache';
import { iso } from '../../lib/time';
import { toCachedAnswer, type CachedAnswer } from '../../lib/cached-answer';
import { toQueuedOrder } from './orders.mapper';
import { countCountedCafeOrders } from './order-writes.repository';
import {
  countInStatus,
  listOrders,
  listUserDayWithQueue,
  type LineFact,
  type OrderRow,
  type QueueKey,
} from './orders.repository';
import { BARISTA_WINDOW_MS, PREP_DAYS, PREP_SAMPLES, PrepTimes, waitInputsOf as modelInputs } from './promise-inputs';
import type { OrdersChange, QueueOf } from './orders.context';
import { readQueueInputs } from './queue-inputs.repository';
import { PAST_DAYS, RECENT_COMPLETIONS, secondsPerOrder } from './wait-estimate';

/** The bus topic of "an order moved on": drops the wait inputs and every other read of today. */
const MOVES_TOPIC = 'order-moves';

/**
 * Today's queue as the screens read it: a person's orders with their places, the board, the wait
 * inputs, busy mode's snapshot. Every read below takes its site, venue and day explicitly: one
 * venue's queue at one site on one of its days is what places are counted in and what is cached.
 */
/** The message that gives every process a line's wait inputs as a move worked them out (primeWaits). */
const WAITS_KNOWN = 'waits-known';

export function createQueueService(ctx: AppBase, sites: SitesService) {
  const { db, clock } = ctx;
  /**
   * Today's reads, kept until an order is placed or moves on (or a name they show changes): a
   * person's queue and count, the board, the wait inputs. Under a rush they are dropped often;
   * between changes every screen's read is served from memory.
   */
  const reads = createMemoryCache<string, unknown>({
    topic: 'orders',
    bus: ctx.bus,
    alsoDroppedBy: ['accounts', 'menu-items', 'sites', MOVES_TOPIC],
    ttlMs: 30_000,
  });
  const remembered = <T>(key: string, load: () => Promise<T>): Promise<T> => reads.get(key, load) as Promise<T>;
  /**
   * The wait estimate's inputs per queue (the recent completions, the drinks in progress): a new
   * order changes neither, so they are dropped only when an order moves on (which also drops
   * `reads`). In a rush, most placements then find them here.
   */
  const waits = createMemoryCache<string, WaitInputs>({
    topic: MOVES_TOPIC,
    bus: ctx.bus,
    alsoDroppedBy: ['sites'],
    ttlMs: 30_000,
  });
  /** The same hours of the previous days, per site, venue, day and hour: they do not change. */
  const pastPace = createMemoryCache<string, string[][]>({ topic: 'past-pace', bus: ctx.bus, ttlMs: 15 * 60_000 });
  /** The model promises are made with (PROMISE_MODEL): the line model, or the pace alone (the bench's comparison). */
  const model = ctx.config.promiseModel;
  /**
   * Each site's venue's measured preparation times (the line model): read once per 10 minutes
   * when a line's inputs are read, and added to by every drink finished here or in another
   * process (WAITS_KNOWN), so a move works its line's inputs out without reading them.
   */
  const prepTimes = new Map<string, { times: PrepTimes; readAt: number }>();
  const PREP_READ_EVERY_MS = 10 * 60_000;
  /** The preparation times known here and read within PREP_READ_EVERY_MS, or undefined: read them. */
  function prepFresh(siteId: number, venue: CategoryFor): PrepTimes | undefined {
    const known = prepTimes.get(`${siteId}:${venue}`);
    return known && Date.now() - known.readAt < PREP_READ_EVERY_MS ? known.times : undefined;
  }
  /** The preparation times known here without a read (none yet: an empty list, every drink the site's pace). */
  function prepKnown(siteId: number, venue: CategoryFor): PrepTimes {
    const name = `${siteId}:${venue}`;
    const known = prepTimes.get(name);
    if (known) return known.times;
    const times = new PrepTimes();
    // Read again at the next read of a line's inputs.
    prepTimes.set(name, { times, readAt: 0 });
    return times;
  }
  /** Since when a claim or a finish says a barista is working, at `now`. */
  const workingSince = (now: Date) => new Date(now.getTime() - BARISTA_WINDOW_MS).toISOString();

  /** Estimated minutes per queue: the inputs are read once per queue, not once per order. */
  function waitInputs(key: QueueKey): Promise<WaitInputs> {
    return waits.get(queueName({ site_id: key.siteId, category_for: key.venue, cafe_day: key.day }), () =>
      readWaitInputs(key),
    );
  }

  /**
   * A queue's wait inputs in one statement (queue-inputs.repository.ts): its pace, and the past
   * days' pace at this hour and the preparation times when they are not known here yet.
   */
  async function readWaitInputs(key: QueueKey): Promise<WaitInputs> {
    const now = clock.now();
    // The line's facts take the place of the count of drinks in progress: no statement more.
    const line = model !== 'pace';
    const hours = await pastHours(key, now);
    const knownPast = pastPace.peek(hours.name);
    const knownPrep = line ? prepFresh(key.siteId, key.venue) : undefined;
    const read = await readQueueInputs(db, ctx.dialect, key, {
      pace: { recentLimit: RECENT_COMPLETIONS, workingSince: line ? workingSince(now) : undefined },
      past: knownPast ? undefined : hours.window,
      prep:
        line && !knownPrep
          ? { since: new Date(now.getTime() - PREP_DAYS * 24 * 3600_000).toISOString(), limit: PREP_SAMPLES }
          : undefined,
    });
    const before = knownPast ?? hours.byDay(read.past ?? []);
    if (!knownPast) pastPace.set(hours.name, before);
    let prep = knownPrep;
    if (line && !prep) {
      prep = new PrepTimes(read.prep ?? []);
      prepTimes.set(`${key.siteId}:${key.venue}`, { times: prep, readAt: Date.now() });
    }
    const { completions, inProgress, facts } = read.pace;
    const pace = { secondsPerOrder: secondsPerOrder(completions, before), inProgress };
    return prep ? modelInputs(model, pace, facts ?? null, prep, now) : pace;
  }

  /**
   * The previous days around this time of day (the hour before to the hour after, the site's
   * time): the pace to expect when today has too little to go on. `window` is what to read,
   * `byDay` keeps the completions of those hours, one list per day; past days do not change, so
   * they are kept per queue and hour (`name`).
   */
  async function pastHours({ siteId, venue, day }: QueueKey, now: Date) {
    const zone = (await sites.get(siteId)).timeZone;
    const hour = cafeClock(now, zone).hour;
    const startOfToday = startOfCafeDay(day, zone);
    const from = new Date(startOfToday.getTime() - PAST_DAYS * 24 * 3600_000).toISOString();
    return {
      name: `${siteId}:${venue}:${day}:${hour}`,
      window: { from, to: startOfToday.toISOString() },
      byDay(completions: readonly string[]): string[][] {
        const days = new Map<string, string[]>();
        for (const at of completions) {
          const clock = cafeClock(new Date(at), zone);
          if (Math.abs(clock.hour - hour) > 1) continue;
          const list = days.get(clock.day) ?? [];
          list.push(at);
          days.set(clock.day, list);
        }
        return [...days.values()];
      },
    };
  }

  /** The past days' pace of a queue at this hour (read once per queue and hour). */
  async function sameHoursBefore(key: QueueKey, now: Date): Promise<string[][]> {
    const hours = await pastHours(key, now);
    return pastPace.get(hours.name, async () => {
      const read = await readQueueInputs(db, ctx.dialect, key, { past: hours.window });
      return hours.byDay(read.past ?? []);
    });
  }

  /** The wait inputs of each queue the rows wait in, read once per queue. */
  async function waitInputsOf(rows: readonly OrderRow[]): Promise<Map<string, WaitInputs>> {
    const keys = new Map<string, QueueKey>();
    for (const row of rows) {
      keys.set(queueName(row), { siteId: row.site_id, venue: row.category_for, day: row.cafe_day });
    }
    return new Map(await Promise.all([...keys].map(async ([name, key]) => [name, await waitInputs(key)] as const)));
  }

  async function readMyQueue(userId: number, day: string): Promise<QueuedOrder[]> {
    // Taken before the read: a move made after it may be in the places or not, and is told again.
    const placeAsOf = iso(clock.now());
    const rows = await listUserDayWithQueue(db, userId, day);
    const inputs = await waitInputsOf(rows.filter((r) => r.status === 'ordered'));
    const later = await readyOfLater(rows.filter((r) => r.status === 'scheduled' && r.cafe_day === day));
    return rows.map((row) => {
      const readyAt = later.get(row.id);
      if (readyAt) return { ...toQueuedOrder(row, null, null), estimatedReadyAt: readyAt };
      const waiting = inputs.get(queueName(row));
      if (row.status !== 'ordered' || !waiting) return toQueuedOrder(row, null, null);
      const minutes = estimateWaitMinutes(waiting, row.ahead, { now: new Date(placeAsOf), menuId: row.menu_id });
      return { ...toQueuedOrder(row, row.ahead + 1, minutes), placeAsOf };
    });
  }

  /** When today's orders for later will really be ready, by id: their pickup time, or later when the line would make them late. */
  async function readyOfLater(rows: readonly OrderRow[]): Promise<Map<number, string>> {
    const ready = new Map<number, string>();
    for (const row of rows) {
      if (!row.pickup_at) continue;
      const { waiting, wait } = await queueSnapshot(row.site_id, row.category_for);
      const at = estimatedReadyAt(new Date(row.pickup_at), clock.now(), wait, waiting, row.menu_id);
      ready.set(row.id, at.toISOString());
    }
    return ready;
  }

  async function readList(query: OrderListQuery, siteId: number, day: string): Promise<QueuedOrder[]> {
    const { status: statuses, startDate, endDate } = query;
    const rows = await listOrders(db, { siteId, statuses, startDate, endDate });
    const today = rows.filter((r) => r.status === 'ordered' && r.cafe_day === day);
    const inputs = await waitInputsOf(today);
    const now = clock.now();
    // Each line's waiting orders in queue order, and the wait of each worked out along its line in
    // one pass (not once per order: a board of a long line would cost the line's square).
    const lines = new Map<string, OrderRow[]>();
    for (const row of today) {
      const line = lines.get(queueName(row));
      if (line) line.push(row);
      else lines.set(queueName(row), [row]);
    }
    const placed = new Map<number, { place: number; minutes: number }>();
    for (const [name, waitingRows] of lines) {
      const waiting = inputs.get(name);
      if (!waiting) continue;
      const seconds = readySecondsAlong(
        waiting,
        waitingRows.map((r) => r.menu_id),
        now,
      );
      waitingRows.forEach((row, ahead) =>
        placed.set(row.id, { place: ahead + 1, minutes: waitMinutesOf(seconds[ahead] ?? 0) }),
      );
    }
    return rows.map((row) => {
      const at = placed.get(row.id);
      return at ? toQueuedOrder(row, at.place, at.minutes) : toQueuedOrder(row, null, null);
    });
  }

  /**
   * Drops today's reads after an order was placed or moved on, here and in the other processes.
   * The wait inputs of a queue change only when one of its drinks starts or stops being made
   * (`paced`: its completions and the drinks in progress): only that queue's are dropped, and no
   * other site's. A placement, a pick-up, a cancel in the line or a tumbler mark leaves them.
   */
  function dropTodaysReads(change: OrdersChange): void {
    // Dropping a queue's wait inputs drops every other read too (`reads` listens to the moves).
    if (change.paced) waits.invalidate(queueName(change.paced));
    else reads.invalidate();
  }

  /** Today at the person's home site (the day their queue and their daily count are of). */
  async function homeToday(user: AuthUser): Promise<string> {
    return cafeDayOf(clock.now(), (await sites.homeSiteOf(user)).timeZone);
  }

  /** Today at a site. */
  async function siteToday(siteId: number): Promise<string> {
    return cafeDayOf(clock.now(), (await sites.get(siteId)).timeZone);
  }

  /**
   * GET /order/my-queue: today's orders of the caller, newest first, with queue place and wait;
   * the answer's JSON text, made once until an order changes.
   */
  async function myQueueAnswer(user: AuthUser): Promise<CachedAnswer> {
    const day = await homeToday(user);
    return remembered(`queue:${user.id}:${day}`, async () => toCachedAnswer(await readMyQueue(user.id, day)));
  }

  /** Today's waiting orders of a venue of a site and the inputs of the wait estimate (busy mode). */
  async function queueSnapshot(siteId: number, venue: CategoryFor): Promise<{ waiting: number; wait: WaitInputs }> {
    const key = { siteId, venue, day: await siteToday(siteId) };
    return remembered(`snapshot:${siteId}:${venue}:${key.day}`, async () => {
      const [waiting, wait] = await Promise.all([countInStatus(db, key, 'ordered'), waitInputs(key)]);
      return { waiting, wait };
    });
  }

  /** GET /order/count/user: the caller's cafe orders today (at any site) that count against the limit. */
  async function countMine(user: AuthUser): Promise<{ totalOrder: number }> {
    const day = await homeToday(user);
    return remembered(`count:${user.id}:${day}`, async () => ({
      totalOrder: await countCountedCafeOrders(db, user.id, day),
    }));
  }

  /**
   * GET /order of a site, oldest first. Today's waiting orders also carry estimatedWaitMinutes,
   * their place counted among the waiting orders of the same venue in this answer (the board asks
   * for all of today's waiting orders, so the count is the real queue there). Today's board is
   * remembered.
   */
  async function listAnswer(query: OrderListQuery, siteId: number): Promise<CachedAnswer> {
    const day = await siteToday(siteId);
    const todayOnly = query.startDate === day && query.endDate === addDays(day, 1);
    if (!todayOnly) return toCachedAnswer(await readList(query, siteId, day));
    return remembered(`list:${siteId}:${(query.status ?? []).join(',')}:${day}`, async () =>
      toCachedAnswer(await readList(query, siteId, day)),
    );
  }

  /** When a drink joining a venue's line at a site now would be ready (the slots' honest time). */
  async function readyIfJoinedNow(siteId: number, venue: CategoryFor, menuId?: number): Promise<Date> {
    const { waiting, wait } = await queueSnapshot(siteId, venue);
    return readyIfJoinedAt(clock.now(), wait, waiting, menuId);
  }

  /**
   * After a move that paced a queue (its statement counted the queue's drinks in progress and
   * latest completions as the move left them): this process's copy of the queue's wait inputs,
   * without reading them again. `before` is the past days' pace (`pastPaceOf`, read before the move).
   */
  function primeWaits(
    key: QueueKey,
    today: { completions: readonly string[]; inProgress: number; facts?: readonly LineFact[] },
    before: string[][],
    /** A drink the move finished: its item and preparation time, learnt here and in every process. */
    finished?: { menuId: number; ms: number },
  ): WaitInputs {
    const prep = prepKnown(key.siteId, key.venue);
    if (finished) prep.add(finished.menuId, finished.ms);
    const pace = { secondsPerOrder: secondsPerOrder(today.completions, before), inProgress: today.inProgress };
    const wait = modelInputs(model, pace, today.facts ?? null, prep, clock.now());
    const name = queueName({ site_id: key.siteId, category_for: key.venue, cafe_day: key.day });
    // Here, and in the other processes, which dropped theirs with the move: the next placement
    // anywhere answers its wait without reading the line again.
    ctx.bus.publish(WAITS_KNOWN, JSON.stringify({ name, wait, finished, from: processId }));
    return wait;
  }
  const processId = Math.random().toString(36).slice(2);
  ctx.bus.subscribe(WAITS_KNOWN, (message) => {
    if (typeof message !== 'string') return;
    const { name, wait, finished, from } = JSON.parse(message) as {
      name: string;
      wait: WaitInputs;
      finished?: { menuId: number; ms: number };
      from?: string;
    };
    waits.set(name, wait);
    const [siteId, venue] = name.split(':');
    if (finished && from !== processId)
      prepKnown(Number(siteId), venue as CategoryFor).add(finished.menuId, finished.ms);
  });

  return {
    waitInputs,
    primeWaits,
    /** The past days' pace of a queue at this hour (read once an hour), for primeWaits. */
    pastPaceOf: (key: QueueKey) => sameHoursBefore(key, clock.now()),
    dropTodaysReads,
    myQueueAnswer,
    queueSnapshot,
    readyIfJoinedNow,
    /** The model promises are made with (PROMISE_MODEL). */
    model,
    countMine,
    listAnswer,
    siteToday,
  };
}

/** The name of the queue an order waits in, to read each queue's inputs once. */
function queueName(row: QueueOf): string {
  return `${row.site_id}:${row.category_for}:${row.cafe_day}`;
}

export type QueueService = ReturnType<typeof createQueueService>;
