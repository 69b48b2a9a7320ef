import type { DrinkType } from '@cafe/shared';
import { i18n, msgId } from '@/i18n';

const DRINK_TYPE_IDS: Record<DrinkType, string> = {
  hot: msgId('shared.drink.hot'),
  cold: msgId('shared.drink.cold'),
  frappe: msgId('shared.drink.frappe'),
};

/** Hot, cold or frappe in the interface's language ("Hot", "Cold", "Frappe" in English); empty for none. */
export function drinkTypeText(type: DrinkType | null | undefined): string {
  return type ? i18n._(DRINK_TYPE_IDS[type]) : '';
}
