import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One column of figures: its heading and what it shows of a row. */
export interface FigureColumn<R> {
  heading: string;
  value: (row: R) => ReactNode;
}

interface FiguresTableProps<R> {
  caption: string;
  /** The heading of the groups' column (site, month, drink, barista...). */
  heading: string;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  /** Smaller type and figures kept on one line, for a table of several columns. */
  dense?: boolean;
}

/** One breakdown of the period: a row heading per group, then its figures. */
export function FiguresTable<R extends { key: string | number; label: string }>({
  caption,
  heading,
  columns,
  rows,
  dense = false,
}: FiguresTableProps<R>) {
  const figure = dense ? 'pl-2 text-right sm:pl-3' : 'pl-3 text-right';
  return (
    <div className="overflow-x-auto">
      <table className={dense ? 'w-full text-xs sm:text-sm' : 'w-full text-sm'}>
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="text-left text-[var(--ink-muted)]">
            <th scope="col">{heading}</th>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={figure}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-[var(--border)]">
              <th scope="row" className={cn('py-1 text-left font-medium', !dense && 'break-words')}>
                {row.label}
              </th>
              {columns.map((column) => (
                <td key={column.heading} className={cn('py-1 tabular-nums', figure, dense && 'whitespace-nowrap')}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
