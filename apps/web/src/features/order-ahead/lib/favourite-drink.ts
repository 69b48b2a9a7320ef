import {
  DrinkTypeSchema,
  isStatusIn,
  isSweetness,
  OrderOptionSchema,
  SweetnessSchema,
  UNCOUNTED_ORDER_STATUSES,
  type MenuOptionGroup,
  type Order,
} from '@cafe/shared';
import { z } from 'zod';
import { chosenOf, defaultOptions, keepOffered } from '@/lib/drink-options';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';

/** The drink offered by "Order again", kept under the favOrder key. */
export const FavouriteDrinkSchema = z.object({
  menu_id: z.number().int(),
  menu_name: z.string(),
  type: DrinkTypeSchema,
  sweetness: SweetnessSchema,
  remark: z.string(),
  tumblerImage: z.string(),
  /** The drink's options as last ordered (absent: none, or kept before options existed). */
  options: z.array(OrderOptionSchema).optional(),
  /** Chosen with the star on a history row (otherwise worked out from the orders). */
  pinned: z.boolean(),
});
export type FavouriteDrink = z.infer<typeof FavouriteDrinkSchema>;

export function readFavourite(): FavouriteDrink | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.favOrder);
    if (!raw) return null;
    const parsed = FavouriteDrinkSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveFavourite(drink: FavouriteDrink): void {
  localStorage.setItem(STORAGE_KEYS.favOrder, JSON.stringify(drink));
}

export function clearFavourite(): void {
  localStorage.removeItem(STORAGE_KEYS.favOrder);
}

/** A cafe order as a re-orderable drink, or null when it lacks the cafe fields. */
export function drinkOf(order: Order, pinned = false): FavouriteDrink | null {
  if (
    order.menu.category.categoryFor !== 'cafe' ||
    !order.type ||
    order.sweetness == null ||
    !isSweetness(order.sweetness) ||
    !order.tumblerImage
  ) {
    return null;
  }
  return {
    menu_id: order.menu.id,
    menu_name: order.menu.name,
    type: order.type,
    sweetness: order.sweetness,
    remark: order.remark,
    tumblerImage: order.tumblerImage,
    ...(order.options?.length ? { options: order.options } : {}),
    pinned,
  };
}

/** Same drink configuration: same item, type and sweetness. */
export function sameDrink(
  a: Pick<FavouriteDrink, 'menu_id' | 'type' | 'sweetness'>,
  b: Pick<FavouriteDrink, 'menu_id' | 'type' | 'sweetness'>,
) {
  return a.menu_id === b.menu_id && a.type === b.type && a.sweetness === b.sweetness;
}

/**
 * The person's most ordered drink configuration (item + type + sweetness) among orders that were
 * not cancelled or rejected; ties go to the one ordered most recently. Its newest order gives the
 * remark and tumbler photo.
 */
export function mostOrderedDrink(orders: readonly Order[]): FavouriteDrink | null {
  const groups = new Map<string, { count: number; latest: Order }>();
  for (const order of orders) {
    if (isStatusIn(UNCOUNTED_ORDER_STATUSES, order.status)) continue;
    const drink = drinkOf(order);
    if (!drink) continue;
    const key = `${drink.menu_id}|${drink.type}|${drink.sweetness}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { count: 1, latest: order });
    else {
      group.count += 1;
      if (order.orderDate > group.latest.orderDate) group.latest = order;
    }
  }
  let best: { count: number; latest: Order } | null = null;
  for (const group of groups.values()) {
    if (
      !best ||
      group.count > best.count ||
      (group.count === best.count && group.latest.orderDate > best.latest.orderDate)
    ) {
      best = group;
    }
  }
  return best ? drinkOf(best.latest) : null;
}

/** A choice of the drink as last ordered that cannot be made again now, and the group to choose again in. */
export interface LostChoice {
  choice: string;
  group: string;
  /** Sold out at the person's site now (otherwise the item no longer offers it). */
  soldOut: boolean;
}

/**
 * The choices of the drink as last ordered that the item cannot make now (`offered`: the item's
 * groups at the person's site): sold out there, or no longer offered. "Order again" does not drop
 * them quietly: the person chooses again in their groups.
 */
export function lostChoices(drink: FavouriteDrink, offered: readonly MenuOptionGroup[] = []): LostChoice[] {
  if (offered.length === 0) return [];
  const now = new Map(offered.flatMap((g) => g.choices.map((c) => [c.id, { group: g.name, soldOut: c.soldOut }])));
  return (drink.options ?? []).flatMap((o) => {
    const found = now.get(o.choiceId);
    if (found && !found.soldOut) return [];
    return [{ choice: o.choice, group: found?.group ?? o.group, soldOut: found?.soldOut ?? false }];
  });
}

/**
 * The drink as an order draft, ready for the summary. Its options are the same choices where the
 * item still offers them (`offered`: the item's groups now), and the item's defaults in groups the
 * drink chose nothing in (a drink ordered before the item had options, a group added since). A
 * group whose choice was lost (`lostChoices`) is left for the person to choose again.
 */
export function draftFromFavourite(drink: FavouriteDrink, offered: readonly MenuOptionGroup[] = []): OrderDraft {
  const kept = keepOffered(offered, chosenOf(drink.options) ?? []);
  const chosenBefore = new Set((drink.options ?? []).map((o) => o.groupId));
  const untouched = offered.filter((g) => !chosenBefore.has(g.id));
  return {
    ...(offered.length > 0 ? { options: [...kept, ...defaultOptions(untouched)] } : {}),
    venue: 'cafe',
    menu_id: drink.menu_id,
    menu_name: drink.menu_name,
    type: drink.type,
    sweetness: drink.sweetness,
    remark: drink.remark,
    tumblerImage: drink.tumblerImage,
  };
}
