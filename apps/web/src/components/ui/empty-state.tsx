import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A decorative icon (e.g. a lucide icon element). */
  icon?: ReactNode;
  /** A button or link offering the next step. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-12 text-center', className)}>
      {icon ? (
        <span
          aria-hidden="true"
          className="grid h-14 w-14 place-items-center rounded-full bg-[var(--accent-soft)] text-[var(--accent)]"
        >
          {icon}
        </span>
      ) : null}
      <p className="text-lg font-semibold text-[var(--ink)]">{title}</p>
      {description ? <div className="max-w-prose text-[var(--ink-muted)]">{description}</div> : null}
      {action}
    </div>
  );
}
