import { drinkShapeRefusal, parseDrinkChoice, peopleText, type DrinkChoice, type Usual } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { refusal, refuse } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { MenuService, OrderableItem } from '../menu/menu.service';
import * as repo from './ordering.repository';

/**
 * A person's usual drink, kept on the server and used by every channel (the web's "Order again",
 * Slack's /coffee, a standing order of "my usual"). It changes only when its owner sets it: no
 * order they pick up replaces it (docs/standing-orders.md).
 */
export function createUsual(ctx: AppBase, deps: { menu: MenuService }) {
  const { db, clock } = ctx;

  /** A drink the menu knows, of the shape its venue needs (400 otherwise, in the person's words): its item. */
  async function checkDrink(drink: DrinkChoice): Promise<OrderableItem> {
    const item = await deps.menu.findForOrder(drink.menu_id);
    if (!item) throw refusal(400, 'VALIDATION', peopleText('people.refusal.itemGone'));
    refuse(drinkShapeRefusal(item.venue, drink));
    return item;
  }

  async function usualOf(userId: number): Promise<DrinkChoice | null> {
    return parseDrinkChoice(await repo.findUsual(db, userId));
  }

  return {
    checkDrink,
    /** The person's usual, or null: what "my usual" orders on every channel. */
    usualOf,
    /** GET /me/usual. */
    async usualAnswer(userId: number): Promise<Usual> {
      const drink = await usualOf(userId);
      return drink ? { drink, source: 'saved' } : null;
    },
    /** PUT /me/usual: "make this my usual". */
    async setUsual(user: AuthUser, drink: DrinkChoice): Promise<Usual> {
      await checkDrink(drink);
      await repo.saveUsual(db, user.id, JSON.stringify(drink), iso(clock.now()));
      return { drink, source: 'saved' };
    },
    /** DELETE /me/usual: no usual until the person sets one again. */
    async clearUsual(user: AuthUser): Promise<Usual> {
      await repo.deleteUsual(db, user.id);
      return null;
    },
  };
}
