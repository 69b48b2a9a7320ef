import type { DrinkChoice, Menu, Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { optionsText } from '@/lib/drink-options';
import { drinkTypeText } from '@/lib/drink-text';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { choiceNames, knownChoices } from '@/features/order-ahead/lib/usual-drink';

/**
 * How a drink (the usual, a past drink, a standing order's) reads, by the cafe menu at the
 * person's site and the orders they placed: "Latte · Cold · Sweetness 50% · Oat · Large · 2× Vanilla".
 */
export function useDrinkWords(orders: readonly Order[]) {
  const { _ } = useLingui();
  const categories = useCategories('cafe');
  const items = useMemo(() => categories.data?.flatMap((c) => c.menu) ?? [], [categories.data]);
  const known = useMemo(
    () =>
      knownChoices(
        items.flatMap((i) => i.optionGroups ?? []),
        orders,
      ),
    [items, orders],
  );

  const itemOf = (menuId: number): Menu | undefined => items.find((m) => m.id === menuId);
  /** The item's name on the menu, or as an order named it; null when neither knows it. */
  const nameOf = (menuId: number): string | null =>
    itemOf(menuId)?.name ?? orders.find((o) => o.menu.id === menuId)?.menu.name ?? null;
  /** Everything but the name: "Cold · Sweetness 50% · Oat · Large · 2× Vanilla". */
  const details = (drink: DrinkChoice): string =>
    [
      drinkTypeText(drink.type),
      drink.sweetness === undefined ? '' : _('order.sweetnessValue', { sweetness: drink.sweetness }),
      optionsText(choiceNames(drink, known)),
      drink.remark ?? '',
    ]
      .filter(Boolean)
      .join(' · ');
  /** The whole drink, its name first. */
  const describe = (drink: DrinkChoice, name = nameOf(drink.menu_id) ?? `#${drink.menu_id}`): string =>
    [name, details(drink)].filter(Boolean).join(' · ');

  return { menuPending: categories.isPending, itemOf, nameOf, known, details, describe };
}
