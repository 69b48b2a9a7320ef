import { formatLocale } from '@/i18n';

/*
 * Numbers in the interface's language (grouping and decimal marks of its locale). Formats are made
 * once per locale and style: each one costs time to create, which a table of rows need not pay.
 */

const formats = new Map<string, Intl.NumberFormat>();

function format(options: Intl.NumberFormatOptions, key: string): Intl.NumberFormat {
  const locale = formatLocale();
  const id = `${locale} ${key}`;
  let found = formats.get(id);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    formats.set(id, found);
  }
  return found;
}

/** A count: "1,234". */
export function formatCount(value: number): string {
  return format({ maximumFractionDigits: 0 }, 'count').format(value);
}

/** A measured amount with at most `digits` decimals: "11.5". */
export function formatAmount(value: number, digits = 1): string {
  return format({ maximumFractionDigits: digits }, `amount ${digits}`).format(value);
}

/**
 * Grams as kilograms: two significant digits under a kilogram (a few cups weigh grams, not zero
 * kilograms), one decimal above.
 */
export function formatKilograms(grams: number): string {
  const kg = grams / 1000;
  if (kg !== 0 && Math.abs(kg) < 1) return format({ maximumSignificantDigits: 2 }, 'small').format(kg);
  return formatAmount(kg, 1);
}
