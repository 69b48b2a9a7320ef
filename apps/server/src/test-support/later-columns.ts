import { inferCategoryKind } from '@cafe/shared';

/** The value every row written before a column existed reads back with, or how to work it out from the row. */
type LaterValue = string | number | null | ((row: Record<string, unknown>) => unknown);

/**
 * Columns that releases after a migration added to existing tables, with the value every row
 * written before them reads back with. An upgrade test compares the rows an earlier release wrote
 * with the rows after every migration: it takes these out (after checking their value) so that
 * each later release does not have to edit every upgrade test before it.
 */
const LATER_COLUMNS: Record<string, Record<string, LaterValue>> = {
  // Migration 014: accounts before it need no e-mail confirmation.
  users: { email_unconfirmed: 0 },
  // Migration 015: a category from before is filed by the words of its name (English or Thai);
  // no order from before has its tumbler marked or a reminder sent; sites get the default counter settings.
  categories: { kind: (row) => inferCategoryKind(String(row.name)) },
  orders: { tumbler_missing_at: null, reminded_at: null },
  sites: {
    tumbler_grace_seconds: 300,
    ready_reminder_seconds: 600,
    uncollected_after_seconds: 1800,
    display_names: 'first-initial',
  },
};

/** `rows` of `table` without the columns later releases added, each checked to hold its value. */
export function withoutLaterColumns(table: string, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const later = LATER_COLUMNS[table];
  if (!later) return rows;
  return rows.map((row) => {
    const rest = { ...row };
    for (const [column, value] of Object.entries(later)) {
      const expected = typeof value === 'function' ? value(row) : value;
      if (column in rest && rest[column] !== expected) {
        throw new Error(
          `${table}.${column} is ${String(rest[column])} in a row an earlier release wrote, not ${String(expected)}`,
        );
      }
      delete rest[column];
    }
    return rest;
  });
}
