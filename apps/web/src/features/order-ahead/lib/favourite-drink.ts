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

/**
 * The drink as an order draft, ready for the summary. Its options are the same choices where the
 * item still offers them (`offered`: the item's groups now); without any left, the item's defaults.
 */
export function draftFromFavourite(drink: FavouriteDrink, offered: readonly MenuOptionGroup[] = []): OrderDraft {
  const kept = keepOffered(offered, chosenOf(drink.options) ?? []);
  return {
    ...(offered.length > 0 ? { options: kept.length > 0 ? kept : defaultOptions(offered) } : {}),
    venue: 'cafe',
    menu_id: drink.menu_id,
    menu_name: drink.menu_name,
    type: drink.type,
    sweetness: drink.sweetness,
    remark: drink.remark,
    tumblerImage: drink.tumblerImage,
  };
}
