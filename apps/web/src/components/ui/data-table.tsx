import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A column's heading, and what it adds to the heading's look (a figure's column is right-aligned). */
export interface TableColumn {
  label: ReactNode;
  className?: string;
}

/**
 * A table in a card with its caption read to screen readers, a row of column headings and a line
 * between the rows (the rows are the caller's). Dense is the small print of an admin's figures.
 */
export function DataTable({
  caption,
  columns,
  dense = false,
  className,
  children,
}: {
  caption: string;
  columns: readonly TableColumn[];
  dense?: boolean;
  /** What the card adds, as "hidden md:block" where a phone shows cards instead. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('card overflow-x-auto', className)}>
      <table className={cn('w-full text-left', dense && 'text-sm')}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('border-b border-[var(--border)] text-[var(--ink-muted)]', !dense && 'text-sm')}>
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn(dense ? 'px-3 py-2' : 'px-4 py-3', 'font-medium', column.className)}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-[var(--border)]">{children}</tbody>
      </table>
    </div>
  );
}
