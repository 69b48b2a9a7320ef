import type { Category, Menu } from '@cafe/shared';
import type { CategoryRow, MenuItemRow } from './menu.repository';

/** A menu_items row in the contract's shape (docs/api.md: Menu). */
export function toMenu(row: MenuItemRow): Menu {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category_id: row.category_id,
    isActive: row.is_active,
    isAvailable: row.is_available,
  };
}

/** A categories row with its listed items in the contract's shape (docs/api.md: Category). */
export function toCategory(row: CategoryRow, items: readonly MenuItemRow[]): Category {
  return {
    id: row.id,
    name: row.name,
    categoryFor: row.category_for,
    isAvailable: row.is_available,
    menu: items.map(toMenu),
  };
}
