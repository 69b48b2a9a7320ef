import { useLingui } from '@lingui/react';
import { cn } from '@/lib/cn';

interface SpinnerProps {
  /** Read by screen readers; visually hidden. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'h-5 w-5 border-2', md: 'h-8 w-8 border-4', lg: 'h-12 w-12 border-4' } as const;

/** A small spinning ring announced as a status ("Loading..." by default). */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const { _ } = useLingui();
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'inline-block animate-spin rounded-full border-[var(--accent-soft)] border-t-[var(--accent)]',
          SIZES[size],
        )}
      />
      <span className="sr-only">{label ?? _('common.ui.loading')}</span>
    </span>
  );
}

/** A centred loading area for a screen or a card that is waiting for its data. */
export function LoadingBlock({ label, className }: { label?: string; className?: string }) {
  const { _ } = useLingui();
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center gap-3 py-12 text-[var(--ink-muted)]', className)}
    >
      <span aria-hidden="true" className="spinner" />
      <span>{label ?? _('common.ui.loading')}</span>
    </div>
  );
}
