import type { PopularMenuRow } from '@cafe/shared';
import type { PopularMenuDbRow } from './stats.repository';

/** A ranking row in the contract's shape (its field names, Menu_name included, are fixed: docs/api.md). */
export function toPopularMenuRow(row: PopularMenuDbRow): PopularMenuRow {
  return {
    Menu_name: row.menu_name,
    categoryName: row.category_name,
    categoryFor: row.category_for,
    totalOrder: row.total,
  };
}
