import { isSweetness, textOrEmpty, type DrinkChoice, type Order } from '@cafe/shared';
import { chosenOf } from '@/lib/drink-options';

/** A drink a standing order can be set with: how it reads, and what the server is sent. */
export interface DrinkOffer {
  /** The select's value. */
  key: string;
  name: string;
  drink: DrinkChoice;
}

/** A cafe order as the drink it was (item, type, sweetness, remark, options), or null for a bar order. */
export function drinkChoiceOf(order: Order): DrinkChoice | null {
  if (order.menu.category.categoryFor !== 'cafe' || !order.type || order.sweetness === null) return null;
  if (!isSweetness(order.sweetness)) return null;
  const remark = textOrEmpty(order.remark);
  const options = chosenOf(order.options);
  return {
    menu_id: order.menu.id,
    type: order.type,
    sweetness: order.sweetness,
    ...(remark ? { remark } : {}),
    ...(options?.length ? { options } : {}),
  };
}

/** The different cafe drinks of `orders` (newest first), each once: "this drink" for a standing order. */
export function pastDrinks(orders: readonly Order[]): DrinkOffer[] {
  const seen = new Map<string, DrinkOffer>();
  for (const order of orders) {
    const drink = drinkChoiceOf(order);
    if (!drink) continue;
    const key = JSON.stringify(drink);
    if (!seen.has(key)) seen.set(key, { key: `order:${order.id}`, name: order.menu.name, drink });
  }
  return [...seen.values()];
}

/** Weekdays in the order a week reads (Monday first); 0 = Sunday as the server counts them. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
