import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useCategories } from '@/features/management/api/categories';
import { cafeTabsWarning, isBeyondCafeTabs } from '@/features/management/lib/cafe-tabs';
import type { CategoryFormValues } from '@/features/management/lib/forms';

/**
 * Under the category form: a warning while the category, for the cafe, would be beyond the cafe
 * menu's tabs (a new one goes last; `categoryId` is the one being edited).
 */
export function CafeTabsWarning({
  form,
  categoryId,
}: {
  form: UseFormReturn<CategoryFormValues>;
  categoryId?: number;
}) {
  // The warning is worked out in the interface's language: shown again in another one.
  useLingui();
  const categories = useCategories();
  const [name, categoryFor] = useWatch({ control: form.control, name: ['name', 'categoryFor'] });
  if (!categories.data || !isBeyondCafeTabs(categories.data, { id: categoryId, categoryFor })) return null;
  return <CafeTabsNote>{cafeTabsWarning(name)}</CafeTabsNote>;
}

/** A warning that does not stop anything: said politely, shown in the warning colours. */
export function CafeTabsNote({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-xl border border-[var(--warning)] bg-[var(--warning-soft)] px-3 py-2 text-sm text-[var(--ink)]"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-[var(--warning)]" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
