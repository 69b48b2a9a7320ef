import type { CafeDay, CupsSavedStats, PopularMenuRow, PopularOptionRow, StatsPeriod } from '@cafe/shared';
import { saveFile } from '@/lib/save-file';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, with
 * quotes doubled. A text that a spreadsheet would read as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe so opening the file never runs anything.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text, CRLF line ends (what spreadsheets expect). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const RANKING_CSV_HEADER = ['Rank', 'Menu', 'Category', 'Venue', 'Orders'] as const;

/** The Site column's value for every site together. */
export const ALL_SITES_CSV = 'All sites';

/**
 * The ranking as the dashboard shows it: rank, menu, category, venue, orders, and with `site` (a
 * company of several sites) a last column naming the site counted (ALL_SITES_CSV for every site).
 * Last, so sheets made from the files of one site keep their columns.
 */
export function rankingCsv(rows: readonly PopularMenuRow[], site?: string): string {
  return rankedCsv(
    RANKING_CSV_HEADER,
    rows.map((row) => [row.Menu_name, row.categoryName, row.categoryFor, row.totalOrder]),
    site,
  );
}

/** A ranked table's CSV: the rank first, then `lines`, and with `site` a last Site column. */
function rankedCsv(
  header: readonly string[],
  lines: readonly (readonly (string | number)[])[],
  site: string | undefined,
): string {
  const ranked = lines.map((line, index) => [index + 1, ...line, ...(site === undefined ? [] : [site])]);
  return toCsv([site === undefined ? header : [...header, 'Site'], ...ranked]);
}

export const OPTIONS_CSV_HEADER = ['Rank', 'Group', 'Choice', 'Orders', 'Quantity'] as const;

/**
 * The most chosen options as the dashboard shows them: rank, group, choice, orders that chose it,
 * the quantities summed ("2 pumps" twice: 4), and with `site` a last column as in `rankingCsv`.
 */
export function optionsCsv(rows: readonly PopularOptionRow[], site?: string): string {
  return rankedCsv(
    OPTIONS_CSV_HEADER,
    rows.map((row) => [row.group, row.choice, row.totalOrder, row.totalQuantity]),
    site,
  );
}

/**
 * A download's file name: what it holds, the day the file was made and the period chosen
 * (cafe-ranking-2026-11-21-week.csv, bar-ranking-..., cafe-options-..., cafe-cups-saved-...).
 */
export function csvFileName(what: string, today: CafeDay, period: StatsPeriod): string {
  return `${what}-${today}-${period}.csv`;
}

export const CUPS_CSV_HEADER = ['Breakdown', 'Name', 'Cups', 'Waste grams', 'CO2e grams'] as const;

/** The Name of the cups of people without a team. */
export const NO_TEAM_CSV = 'No team';

/** Grams as the server rounds them (hundredths), so a row's figures add up like the total's. */
const cupGrams = (cups: number, perCup: number) => Math.round(cups * perCup * 100) / 100;

/**
 * Cups saved in one file a spreadsheet can filter by its first column: the total (named by `site`,
 * ALL_SITES_CSV without one), what one cup stands for (the factors the grams were counted with),
 * then the rows per site, per month (YYYY-MM) and per team, each with the grams its cups avoided.
 */
export function cupsSavedCsv(stats: CupsSavedStats, site?: string): string {
  const { wasteGramsPerCup, co2GramsPerCup } = stats.factors;
  const line = (breakdown: string, name: string, cups: number) => [
    breakdown,
    name,
    cups,
    cupGrams(cups, wasteGramsPerCup),
    cupGrams(cups, co2GramsPerCup),
  ];
  return toCsv([
    CUPS_CSV_HEADER,
    ['Total', site ?? ALL_SITES_CSV, stats.cups, stats.wasteGrams, stats.co2Grams],
    ['Per cup', '', 1, wasteGramsPerCup, co2GramsPerCup],
    ...stats.bySite.map((row) => line('Site', row.siteName, row.cups)),
    ...stats.byMonth.map((row) => line('Month', row.month, row.cups)),
    ...stats.byTeam.map((row) => line('Team', row.team ?? NO_TEAM_CSV, row.cups)),
  ]);
}

/** Saves a text file on the person's device (client side, no server round trip). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // The byte-order mark lets spreadsheet programs read Thai names as UTF-8.
  saveFile(fileName, new Blob(['\uFEFF', text], { type }));
}
