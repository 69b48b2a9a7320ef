import { i18n } from '@/i18n';

/**
 * Names joined as a sentence says them, in the board's language: "Latte for Ann", "Latte for Ann
 * and Mocha for Bo", "Mine, Coffee and Latte" ("… และ …" in Thai, with its spaces: the runtime's
 * Thai list format glues a Latin name to "และ").
 */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return i18n._('barista.list.and', { first: items.slice(0, -1).join(', '), last: items.at(-1)! });
}
