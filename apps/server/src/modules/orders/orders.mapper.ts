import {
  parseDietTags,
  type Order,
  type OrderOption,
  type OrderRun,
  type OrdersEvent,
  type OrderStatus,
  type PlacedOrder,
  type QueuedOrder,
  type TimelineEntry,
} from '@cafe/shared';
import { changeActor } from '../../db/system-account';
import type { OrderMove } from '../../lib/domain-events';
import type { SiteRecord } from '../sites/sites.service';
import type { OrderRow } from './orders.repository';
import type { TimelineRow } from './order-history.repository';

/** The only place an order row becomes the contract's Order. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    orderDate: row.order_date,
    updatedAt: row.updated_at,
    type: row.type,
    sweetness: row.sweetness,
    remark: row.remark,
    tumblerImage: row.tumbler_image,
    rejectNote: row.reject_note,
    menu: {
      id: row.menu_id,
      name: row.menu_name,
      category: {
        id: row.category_id,
        name: row.category_name,
        categoryFor: row.category_for,
        kind: row.category_kind,
      },
    },
    // A guest's walk-up order belongs to the barista's account but shows the guest's name.
    user: { id: row.user_id, name: row.guest_name ?? row.user_name },
    site: { id: row.site_id, name: row.site_name },
    walkUp: Number(row.walk_up) === 1,
    ...optionsOf(row.options_json),
    ...(row.pickup_at ? { pickupAt: row.pickup_at } : {}),
    ...(row.promised_ready_at ? { promisedReadyAt: row.promised_ready_at } : {}),
    ...(row.taken_at && row.status === 'in-progress' ? { takenAt: row.taken_at } : {}),
    ...(row.done_at && (row.status === 'done' || row.status === 'picked' || row.status === 'uncollected')
      ? { doneAt: row.done_at }
      : {}),
    ...(row.tumbler_missing_at
      ? { tumblerMissing: tumblerMissing(row.tumbler_missing_at, row.tumbler_grace_seconds) }
      : {}),
    ...(row.reminded_at ? { remindedAt: row.reminded_at } : {}),
    avoids: parseDietTags(row.owner_avoids),
    dietWarnings: parseDietTags(row.diet_warnings),
    claimedBy:
      row.claimed_by === null || row.claimed_by_name === null
        ? null
        : { id: Number(row.claimed_by), name: row.claimed_by_name },
    ownCup: Number(row.own_cup) === 1,
    ...runOf(row),
  };
}

/** A drink of a coffee run: its run, runner and place among the run's drinks ("Ann (2/5)"). */
function runOf(row: OrderRow): { run?: OrderRun } {
  if (row.run_id === null || row.run_place === null) return {};
  return {
    run: {
      id: Number(row.run_id),
      place: row.run_place,
      runner:
        row.run_runner_id === null || row.run_runner_name === null
          ? null
          : { id: Number(row.run_runner_id), name: row.run_runner_name },
      position: Number(row.run_position ?? 0),
      of: Number(row.run_of ?? 0),
    },
  };
}

/** "All order will be cancelled if your tumblr is not at the bar for over 5 minutes". */
const DEFAULT_TUMBLER_GRACE_SECONDS = 300;

/**
 * A tumbler marked not here: since when, and when the order is cancelled: the grace the site had
 * when it was marked, later (what the owner was told; a later change of the site's grace does not
 * move it).
 */
function tumblerMissing(since: string, graceSeconds: number | string | null): { since: string; deadline: string } {
  return { since, deadline: tumblerDeadline(since, graceSeconds) };
}

/** The deadline of a tumbler marked at `since` with `graceSeconds` (null: the specification's 5 minutes). */
export function tumblerDeadline(since: string, graceSeconds: number | string | null): string {
  return new Date(Date.parse(since) + Number(graceSeconds ?? DEFAULT_TUMBLER_GRACE_SECONDS) * 1000).toISOString();
}

type OptionTuple = [number, string, number, string, number, number, number];

/** The options column of the order query (orders.repository.ts): absent when none. */
function optionsOf(json: string | null): { options?: OrderOption[] } {
  if (!json || json === '[]') return {};
  const tuples = (JSON.parse(json) as OptionTuple[]).sort((a, b) => Number(a[6]) - Number(b[6]));
  return {
    options: tuples.map(([groupId, group, choiceId, choice, quantity, isDefault]) => ({
      groupId: Number(groupId),
      group,
      choiceId: Number(choiceId),
      choice,
      quantity: Number(quantity),
      isDefault: Number(isDefault) === 1,
    })),
  };
}

export function toQueuedOrder(row: OrderRow, queueAt: number | null, estimatedWaitMinutes: number | null): QueuedOrder {
  return { ...toOrder(row), queue_at: queueAt, estimatedWaitMinutes };
}

/**
 * POST /order's answer to a placement made before with the same Idempotency-Key: the order as it is
 * now, with no place, wait or count (it may have moved on since).
 */
export function toReplayedAnswer(row: OrderRow): PlacedOrder {
  return { ...toQueuedOrder(row, null, null), dailyCount: null };
}

/** The `orders` event of a change from `from` (null: just placed) to the row as it is now. */
export function toOrdersEvent(row: OrderRow, from: OrderStatus | null): OrdersEvent {
  return {
    id: row.id,
    status: row.status,
    userId: row.user_id,
    categoryFor: row.category_for,
    updatedAt: row.updated_at,
    from,
    order: toOrder(row),
  };
}

/** The facts of an order a message to its owner names (the `order.moving` event), as it is after the change. */
export function toOrderFacts(
  row: OrderRow,
  site: Pick<SiteRecord, 'id' | 'name' | 'timeZone'>,
  status: OrderStatus,
  rejectNote: string | null,
  tumblerDeadline?: string,
): OrderMove['order'] {
  return {
    orderId: row.id,
    drink: row.menu_name,
    status,
    siteId: site.id,
    siteName: site.name,
    siteTimeZone: site.timeZone,
    counter: row.category_for,
    rejectNote,
    pickupAt: row.pickup_at ?? null,
    ...(tumblerDeadline ? { tumblerDeadline } : {}),
  };
}

/** One entry of an order's timeline; the cafe's own moves are named as the cafe timer (SYSTEM_ACTOR_NAME). */
export function toTimelineEntry(entry: TimelineRow): TimelineEntry {
  return {
    status: entry.to_status,
    from: entry.from_status,
    at: entry.changed_at,
    by:
      entry.changed_by_name === null
        ? null
        : changeActor(entry.changed_by, entry.changed_by_name, entry.changed_by_email),
    note: entry.note,
  };
}
