import type { Category } from '@cafe/shared';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface CategoryTabsProps {
  /** The categories that get a tab. */
  tabs: readonly Category[];
  /** The category shown (may be one without a tab, chosen elsewhere). */
  active: Category;
  onChange: (categoryId: number) => void;
  label: string;
  children: (category: Category) => ReactNode;
}

/** Keys that move between tabs: a step left or right (wrapping round), or to either end. */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Category tabs with the active category's items, as the WAI-ARIA tabs pattern has them: one tab
 * in the Tab order, arrow keys (and Home, End) move between tabs and show the one they reach.
 * Written here rather than taken from Radix (its Tabs bring 9 kB gzip of shared machinery): the
 * menu is the first screen of most people, and this is all of it they need.
 */
export function CategoryTabs({ tabs, active, onChange, label, children }: CategoryTabsProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const activeIndex = tabs.findIndex((category) => category.id === active.id);
  const tabId = (category: Category) => `${id}-tab-${category.id}`;
  const panelId = `${id}-panel`;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = tabs.findIndex((category) => tabId(category) === (event.target as HTMLElement).id);
    const to = from < 0 ? null : nextIndex(event.key, from, tabs.length);
    const next = to === null ? undefined : tabs[to];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    list.current?.querySelector<HTMLElement>(`[id="${tabId(next)}"]`)?.focus();
  };

  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={handleKeyDown}
        className="mb-4 flex gap-2 overflow-x-auto border-b border-[var(--border)] pb-2"
      >
        {tabs.map((category, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={category.id}
              id={tabId(category)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              data-state={selected ? 'active' : 'inactive'}
              // The chosen tab is the one in the Tab order (the first while none is chosen).
              tabIndex={selected || (activeIndex < 0 && index === 0) ? 0 : -1}
              onClick={() => onChange(category.id)}
              className={cn(
                'min-h-11 shrink-0 rounded-xl px-4 py-2 font-medium',
                selected
                  ? 'bg-[var(--accent)] text-[var(--accent-ink)]'
                  : 'text-[var(--ink-muted)] hover:bg-[var(--surface-sunken)]',
              )}
            >
              {category.name}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        tabIndex={0}
        {...(activeIndex < 0 ? { 'aria-label': active.name } : { 'aria-labelledby': tabId(active) })}
        className="focus:outline-none focus-visible:outline-2"
      >
        {children(active)}
      </div>
    </div>
  );
}
