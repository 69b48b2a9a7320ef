/**
 * The line model's inputs (packages/shared/src/promise.ts; docs/decisions/0101-one-promise-model.md)
 * from what the server knows of a queue: each drink's measured preparation time, the baristas
 * working now and the drinks in progress and waiting.
 */
import { median, type PromiseModel, type WaitInputs } from '@cafe/shared';
import type { OrderStatus } from '@cafe/shared';
import { BATCH_MS, boundedSeconds } from './wait-estimate';
import type { LineFact } from './orders.repository';

/** Who claimed or moved an order of the line this recently is working now. */
export const BARISTA_WINDOW_MS = 10 * 60_000;
/** How far back the preparation times of a site's drinks are read. */
export const PREP_DAYS = 14;
/** The latest preparation times read per site and venue. */
export const PREP_SAMPLES = 400;
/** Each item's latest times its median is taken over. */
const PER_ITEM = 15;
/** Fewer samples than this say too little of an item (the site's typical drink is taken instead). */
const MIN_ITEM_SAMPLES = 2;
/** Fewer samples than this say too little of the site (its pace is taken instead). */
const MIN_SITE_SAMPLES = 3;

/**
 * A site's venue's measured preparation times, newest last. A time under BATCH_MS is left out: a
 * drink taken and finished in one tap (a bulk Do then Done Selected, a walk-up marked done at once)
 * says nothing of how long it took, as wait-estimate.ts leaves out batch completions.
 */
export class PrepTimes {
  private readonly byItem = new Map<number, number[]>();
  private readonly all: number[] = [];

  constructor(samples: readonly { menu_id: number; prep_ms: number }[] = []) {
    // Read newest first: added oldest first.
    for (const sample of [...samples].reverse()) this.add(sample.menu_id, sample.prep_ms);
  }

  /** A drink finished after `ms` of making. */
  add(menuId: number, ms: number): void {
    if (!Number.isFinite(ms) || ms < BATCH_MS) return;
    const list = this.byItem.get(menuId) ?? [];
    list.push(ms);
    if (list.length > PER_ITEM) list.shift();
    this.byItem.set(menuId, list);
    this.all.push(ms);
    if (this.all.length > PREP_SAMPLES) this.all.shift();
  }

  /** Measured seconds per item id (enough samples only). */
  itemSeconds(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [id, list] of this.byItem) {
      if (list.length >= MIN_ITEM_SAMPLES) out[String(id)] = boundedSeconds(median(list) ?? 0);
    }
    return out;
  }

  /** The site's typical drink (the median of all), or undefined with too few samples. */
  drinkSeconds(): number | undefined {
    return this.all.length >= MIN_SITE_SAMPLES ? boundedSeconds(median(this.all) ?? 0) : undefined;
  }
}

/** The line facts after `moved` (its row as a move left it) replaced what they held of it. */
export function factsAfterMove(facts: readonly LineFact[], moved: LineFact): LineFact[] {
  return [...facts.filter((fact) => fact.id !== moved.id), moved];
}

/** A row of a queue's order (read, or as a move left it) as a line fact. */
export function factOf(row: {
  id: number;
  menu_id: number;
  status: OrderStatus;
  order_date: string;
  taken_at?: string | null;
  claimed_by?: number | null;
  claimed_at?: string | null;
}): LineFact {
  return {
    id: Number(row.id),
    menu_id: Number(row.menu_id),
    status: row.status,
    order_date: row.order_date,
    taken_at: row.taken_at ?? null,
    claimed_by: row.claimed_by == null ? null : Number(row.claimed_by),
    claimed_at: row.claimed_at ?? null,
  };
}

/**
 * The wait inputs of `model` from the pace (secondsPerOrder, inProgress) and, for the line model,
 * the line's facts and the site's preparation times, as at `now`.
 */
export function waitInputsOf(
  model: PromiseModel,
  pace: { secondsPerOrder: number; inProgress: number },
  facts: readonly LineFact[] | null,
  prep: PrepTimes,
  now: Date,
): WaitInputs {
  if (model === 'pace' || !facts) return pace;
  const itemSeconds = prep.itemSeconds();
  const drinkSeconds = prep.drinkSeconds();
  const typical = drinkSeconds ?? pace.secondsPerOrder;
  const secondsOf = (fact: LineFact) => itemSeconds[String(fact.menu_id)] ?? typical;
  const since = new Date(now.getTime() - BARISTA_WINDOW_MS).toISOString();
  const working = new Set<number>();
  for (const fact of facts) {
    if (fact.claimed_by === null) continue;
    // Read as in progress, or claimed or finished within the window (queue-inputs.repository.ts); a waiting
    // order's claim counts while it is recent.
    if (fact.status !== 'ordered' || (fact.claimed_at !== null && fact.claimed_at >= since))
      working.add(fact.claimed_by);
  }
  const byQueue = (a: LineFact, b: LineFact) => a.order_date.localeCompare(b.order_date) || a.id - b.id;
  const making = facts
    .filter((fact) => fact.status === 'in-progress')
    .sort((a, b) => (a.taken_at ?? '').localeCompare(b.taken_at ?? '') || a.id - b.id)
    .map((fact) => ({ seconds: secondsOf(fact), takenAt: fact.taken_at }));
  const line = facts
    .filter((fact) => fact.status === 'ordered')
    .sort(byQueue)
    .map(secondsOf);
  return {
    secondsPerOrder: pace.secondsPerOrder,
    inProgress: making.length,
    baristas: Math.max(1, working.size),
    making,
    line,
    ...(drinkSeconds !== undefined ? { drinkSeconds } : {}),
    itemSeconds,
    asOf: now.toISOString(),
  };
}
