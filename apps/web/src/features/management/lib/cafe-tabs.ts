import { LIMITS, type Category, type CategoryFor } from '@cafe/shared';
import { i18n } from '@/i18n';

/*
 * The cafe menu shows only its first LIMITS.cafeMenuTabs (3) cafe categories as tabs, in the
 * order GET /category gives them: any further cafe category never reaches the people ordering.
 * Menu management warns about it.
 */

/** The cafe categories the cafe menu does not show, in list order. */
export function cafeCategoriesNotShown(categories: readonly Category[]): Category[] {
  return categories.filter((c) => c.categoryFor === 'cafe').slice(LIMITS.cafeMenuTabs);
}

/**
 * Whether a category for `categoryFor` would be beyond the cafe menu's tabs: a new one (no `id`)
 * is placed last; an existing one keeps its place in the list (last when it is not listed, as a
 * deleted one being brought back).
 */
export function isBeyondCafeTabs(
  categories: readonly Category[],
  category: { id?: number; categoryFor: CategoryFor | undefined },
): boolean {
  if (category.categoryFor !== 'cafe') return false;
  const place = category.id === undefined ? -1 : categories.findIndex((c) => c.id === category.id);
  const before = place === -1 ? categories : categories.slice(0, place);
  return before.filter((c) => c.categoryFor === 'cafe' && c.id !== category.id).length >= LIMITS.cafeMenuTabs;
}

/** The warning of a category form, in the interface's language. */
export function cafeTabsWarning(name: string): string {
  const trimmed = name.trim();
  return trimmed
    ? i18n._('management.cafeTabs.warningNamed', { max: LIMITS.cafeMenuTabs, name: trimmed })
    : i18n._('management.cafeTabs.warningUnnamed', { max: LIMITS.cafeMenuTabs });
}
