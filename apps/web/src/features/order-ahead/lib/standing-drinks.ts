import type { DrinkChoice, Order } from '@cafe/shared';
import { drinkChoiceOfOrder } from './usual-drink';

/** A drink a standing order can be set with: how it reads, and what the server is sent. */
export interface DrinkOffer {
  /** The select's value. */
  key: string;
  name: string;
  drink: DrinkChoice;
}

/** The different cafe drinks of `orders` (newest first), each once: "this drink" for a standing order. */
export function pastDrinks(orders: readonly Order[]): DrinkOffer[] {
  const seen = new Map<string, DrinkOffer>();
  for (const order of orders) {
    const drink = drinkChoiceOfOrder(order);
    if (!drink) continue;
    const key = JSON.stringify(drink);
    if (!seen.has(key)) seen.set(key, { key: `order:${order.id}`, name: order.menu.name, drink });
  }
  return [...seen.values()];
}

/** Weekdays in the order a week reads (Monday first); 0 = Sunday as the server counts them. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
