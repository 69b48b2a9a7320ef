import type { DrinkType, OrderOption } from '@cafe/shared';
import { i18n, msgId } from '@/i18n';
import { optionsText } from './drink-options';

const DRINK_TYPE_IDS: Record<DrinkType, string> = {
  hot: msgId('shared.drink.hot'),
  cold: msgId('shared.drink.cold'),
  frappe: msgId('shared.drink.frappe'),
};

/** Hot, cold or frappe in the interface's language ("Hot", "Cold", "Frappe" in English); empty for none. */
export function drinkTypeText(type: DrinkType | null | undefined): string {
  return type ? i18n._(DRINK_TYPE_IDS[type]) : '';
}

/**
 * A drink as one line in the interface's language, from its parts (an order, a coffee run's drink):
 * "Latte · Cold · Sweetness 50% · Oat · 2× Vanilla". The item's and the choices' names are the
 * menu's own words.
 */
export function drinkLineText(drink: {
  menu: { name: string };
  type: DrinkType | null;
  sweetness: number | null;
  options?: readonly Pick<OrderOption, 'choice' | 'quantity'>[] | undefined;
}): string {
  return [
    drink.menu.name,
    drinkTypeText(drink.type),
    drink.sweetness === null ? '' : i18n._('shared.drink.sweetnessValue', { sweetness: drink.sweetness }),
    optionsText(drink.options),
  ]
    .filter(Boolean)
    .join(' · ');
}
