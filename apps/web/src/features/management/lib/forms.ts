import {
  CategoryForSchema,
  CategoryKindSchema,
  DescriptionSchema,
  IsActiveSchema,
  LIMITS,
  MESSAGES,
  itemNameSchema,
  type Category,
} from '@cafe/shared';
import { z } from 'zod';
import { i18n } from '@/i18n';
import { paths } from '@/lib/paths';

/** Add Menu: the shared name and description rules; a category must be chosen. */
export const MenuFormSchema = z.object({
  name: itemNameSchema(LIMITS.menuNameMax),
  description: DescriptionSchema,
  categoryId: z.string().min(1, { message: MESSAGES.addMenuIncomplete }),
});
export type MenuFormValues = z.infer<typeof MenuFormSchema>;

/** Edit Menu adds the status. */
export const EditMenuFormSchema = MenuFormSchema.extend({
  isActive: IsActiveSchema,
});
export type EditMenuFormValues = z.infer<typeof EditMenuFormSchema>;

/** Add/Edit Category: the shared name rule, the venue and the kind (the board's Coffee / Tea filter). */
export const CategoryFormSchema = z.object({
  name: itemNameSchema(LIMITS.categoryNameMax),
  categoryFor: CategoryForSchema,
  kind: CategoryKindSchema,
});
export type CategoryFormValues = z.infer<typeof CategoryFormSchema>;

/** Options of the category select: "Coffee (Cafe)", in the interface's language. */
export function categoryOptions(categories: readonly Category[]) {
  return categories.map((c) => ({
    value: String(c.id),
    label:
      c.categoryFor === 'cafe'
        ? i18n._('management.form.categoryOptionCafe', { name: c.name })
        : i18n._('management.form.categoryOptionBar', { name: c.name }),
  }));
}

/** A route parameter that must be a positive whole number; NaN otherwise. */
export function parseId(value: string | undefined): number {
  return value && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** The page that lists a category's items; Menu Management when the category is not known. */
export function categoryMenuPath(category: Category | undefined): string {
  return category ? paths.barista.categoryMenu(category.name, category.id) : paths.barista.menuManagement;
}
