import {
  dashIfEmpty,
  drinkOfOrder,
  isStatusIn,
  isSweetness,
  UNCOUNTED_ORDER_STATUSES,
  type DrinkChoice,
  type MenuOptionGroup,
  type Order,
} from '@cafe/shared';
import { defaultOptions, keepOffered } from '@/lib/drink-options';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';

/*
 * The usual and "Order again" (docs/standing-orders.md): the usual is kept on the server (GET
 * /me/usual) and changes only when its owner makes a drink their usual; "Order again" offers it,
 * else the person's most recent drink. A drink is the shared DrinkOf (`drinkOfOrder`): its item,
 * type, sweetness, remark and exactly its choices, or none named for the item's defaults.
 */

/** A cafe order that can be ordered again: made to a type and a sweetness. */
function isCafeDrink(order: Order): boolean {
  return (
    order.menu.category.categoryFor === 'cafe' &&
    order.type !== null &&
    order.sweetness !== null &&
    isSweetness(order.sweetness)
  );
}

/** A cafe order as the drink it was (the shared drinkOfOrder), as PUT /me/usual takes it; null for a bar order. */
export function drinkChoiceOfOrder(order: Order): DrinkChoice | null {
  return isCafeDrink(order) ? drinkOfOrder(order) : null;
}

/** The most recently ordered of the orders `keep` takes, or null. */
function latestOf(orders: readonly Order[], keep: (order: Order) => boolean): Order | null {
  let latest: Order | null = null;
  for (const order of orders) {
    if (keep(order) && (!latest || order.orderDate > latest.orderDate)) latest = order;
  }
  return latest;
}

/** The person's most recent cafe drink that was not cancelled or rejected, or null. */
export function mostRecentDrinkOrder(orders: readonly Order[]): Order | null {
  return latestOf(orders, (o) => !isStatusIn(UNCOUNTED_ORDER_STATUSES, o.status) && isCafeDrink(o));
}

/** The person's most recent tumbler photo ('' for none): the photo "Order again" sends again. */
export function recentTumbler(orders: readonly Order[]): string {
  return latestOf(orders, (o) => o.menu.category.categoryFor === 'cafe' && Boolean(o.tumblerImage))?.tumblerImage ?? '';
}

/** A choice by its id: its name and its group's, as the menu names it now or an order named it then. */
export interface KnownChoice {
  choice: string;
  group: string;
  groupId: number;
}

/** The choices the menu offers now (`groups`) and those past orders named, by id (the menu's first). */
export function knownChoices(
  groups: readonly MenuOptionGroup[],
  orders: readonly Order[],
): ReadonlyMap<number, KnownChoice> {
  const known = new Map<number, KnownChoice>();
  for (const order of orders) {
    for (const o of order.options ?? [])
      known.set(o.choiceId, { choice: o.choice, group: o.group, groupId: o.groupId });
  }
  for (const g of groups) for (const c of g.choices) known.set(c.id, { choice: c.name, group: g.name, groupId: g.id });
  return known;
}

/** A drink's named choices, for "Large · Oat · 2× Vanilla" (none named: the item's defaults, not listed). */
export function choiceNames(
  drink: DrinkChoice,
  known: ReadonlyMap<number, KnownChoice>,
): { choice: string; quantity: number }[] {
  return (drink.options ?? []).flatMap((o) => {
    const found = known.get(o.choiceId);
    return found ? [{ choice: found.choice, quantity: o.quantity ?? 1 }] : [];
  });
}

/** A choice of the drink that cannot be made again now, and the group to choose again in. */
export interface LostChoice {
  choice: string;
  group: string;
  /** Sold out at the person's site now (otherwise the item no longer offers it). */
  soldOut: boolean;
}

/**
 * The choices of the drink that the item cannot make now (`offered`: the item's groups at the
 * person's site): sold out there, or no longer offered. "Order again" does not drop them quietly:
 * the person chooses again in their groups.
 */
export function lostChoices(
  drink: DrinkChoice,
  offered: readonly MenuOptionGroup[],
  known: ReadonlyMap<number, KnownChoice>,
): LostChoice[] {
  if (offered.length === 0) return [];
  const now = new Map(offered.flatMap((g) => g.choices.map((c) => [c.id, c.soldOut])));
  return (drink.options ?? []).flatMap((o) => {
    const soldOut = now.get(o.choiceId);
    if (soldOut === false) return [];
    const named = known.get(o.choiceId);
    return named ? [{ choice: named.choice, group: named.group, soldOut: soldOut ?? false }] : [];
  });
}

/**
 * The drink as an order draft, ready for the summary. Its choices are the same where the item still
 * offers them (`offered`: the item's groups now), and the item's defaults in groups the drink chose
 * nothing in (a drink that names none, a group added since). A group whose choice was lost
 * (`lostChoices`) is left for the person to choose again.
 */
export function draftOfDrink(
  drink: DrinkChoice,
  name: string,
  tumblerImage: string,
  offered: readonly MenuOptionGroup[],
  known: ReadonlyMap<number, KnownChoice>,
): OrderDraft {
  const chosen = (drink.options ?? []).map((o) => ({ choiceId: o.choiceId, quantity: o.quantity ?? 1 }));
  const chosenGroups = new Set(chosen.map((c) => known.get(c.choiceId)?.groupId));
  const untouched = offered.filter((g) => !chosenGroups.has(g.id));
  return {
    ...(offered.length > 0 ? { options: [...keepOffered(offered, chosen), ...defaultOptions(untouched)] } : {}),
    venue: 'cafe',
    menu_id: drink.menu_id,
    menu_name: name,
    ...(drink.type ? { type: drink.type } : {}),
    ...(drink.sweetness !== undefined ? { sweetness: drink.sweetness } : {}),
    remark: dashIfEmpty(drink.remark),
    tumblerImage,
  };
}
