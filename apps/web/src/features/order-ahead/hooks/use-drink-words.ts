import type { DrinkChoice, Menu, Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { i18n } from '@/i18n';
import { optionsText } from '@/lib/drink-options';
import { drinkTypeText } from '@/lib/drink-text';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { choiceNames, knownChoices } from '@/features/order-ahead/lib/usual-drink';

/** A drink's words but its name, its choices named (`choices`): "Cold · Sweetness 50% · Oat · 2× Vanilla". */
export function drinkDetails(drink: DrinkChoice, choices: { choice: string; quantity: number }[]): string {
  return [
    drinkTypeText(drink.type),
    drink.sweetness === undefined ? '' : i18n._('order.sweetnessValue', { sweetness: drink.sweetness }),
    optionsText(choices),
    drink.remark ?? '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * How a drink (the usual, a past drink, a standing order's) reads, by the cafe menu at the
 * person's site and the orders they placed: "Latte · Cold · Sweetness 50% · Oat · Large · 2× Vanilla".
 */
export function useDrinkWords(orders: readonly Order[]) {
  // Said again when the language changes.
  useLingui();
  const categories = useCategories('cafe');
  const items = useMemo(() => categories.data?.flatMap((c) => c.menu) ?? [], [categories.data]);
  const groups = useMemo(() => items.flatMap((i) => i.optionGroups ?? []), [items]);
  const known = useMemo(() => knownChoices(groups, orders), [groups, orders]);

  const itemOf = (menuId: number): Menu | undefined => items.find((m) => m.id === menuId);
  /** The item's name on the menu, or as an order named it; null when neither knows it. */
  const nameOf = (menuId: number): string | null =>
    itemOf(menuId)?.name ?? orders.find((o) => o.menu.id === menuId)?.menu.name ?? null;
  /** Everything but the name: "Cold · Sweetness 50% · Oat · Large · 2× Vanilla". */
  const details = (drink: DrinkChoice): string => drinkDetails(drink, choiceNames(drink, known));
  /** The whole drink, its name first. */
  const describe = (drink: DrinkChoice, name = nameOf(drink.menu_id) ?? `#${drink.menu_id}`): string =>
    [name, details(drink)].filter(Boolean).join(' · ');

  return { menuPending: categories.isPending, itemOf, nameOf, known, details, describe };
}
