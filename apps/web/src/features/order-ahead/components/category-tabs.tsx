import type { Category } from '@cafe/shared';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

interface CategoryTabsProps {
  /** The categories that get a tab. */
  tabs: readonly Category[];
  /** The category shown (may be one without a tab, chosen elsewhere). */
  active: Category;
  onChange: (categoryId: number) => void;
  label: string;
  children: (category: Category) => ReactNode;
}

/** Category tabs (Radix Tabs: arrow keys move between tabs) with the active category's items. */
export function CategoryTabs({ tabs, active, onChange, label, children }: CategoryTabsProps) {
  return (
    <Tabs.Root value={String(active.id)} onValueChange={(value) => onChange(Number(value))} activationMode="automatic">
      <Tabs.List aria-label={label} className="mb-4 flex gap-2 overflow-x-auto border-b border-[var(--border)] pb-2">
        {tabs.map((category) => (
          <Tabs.Trigger
            key={category.id}
            value={String(category.id)}
            className="min-h-11 shrink-0 rounded-xl px-4 py-2 font-medium text-[var(--ink-muted)] hover:bg-[var(--surface-sunken)] data-[state=active]:bg-[var(--accent)] data-[state=active]:text-[var(--accent-ink)]"
          >
            {category.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={String(active.id)} className="focus:outline-none focus-visible:outline-2">
        {children(active)}
      </Tabs.Content>
    </Tabs.Root>
  );
}
