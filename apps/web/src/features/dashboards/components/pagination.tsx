import { useLingui } from '@lingui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { pageButtons } from '@/features/dashboards/lib/pagination';

interface PaginationProps {
  page: number;
  count: number;
  onPageChange: (page: number) => void;
  label: string;
}

/** Previous / numbered pages / Next. */
export function Pagination({ page, count, onPageChange, label }: PaginationProps) {
  const { _ } = useLingui();
  if (count <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-center gap-1">
      <button type="button" className="btn-ghost px-2" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        {_('dashboards.pagination.previous')}
      </button>
      {pageButtons(page, count).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-[var(--ink-muted)]">
            ...
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={_('dashboards.pagination.page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
            className={cn(
              'btn min-w-11 px-2',
              item === page
                ? 'bg-[var(--accent)] text-[var(--accent-ink)]'
                : 'text-[var(--ink)] hover:bg-[var(--surface-sunken)]',
            )}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="btn-ghost px-2" disabled={page >= count} onClick={() => onPageChange(page + 1)}>
        {_('dashboards.pagination.next')}
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
