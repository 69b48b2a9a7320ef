import { useLingui } from '@lingui/react';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Where the back link leads; no back link without it. */
  backTo?: string;
  backLabel?: string;
  /** Buttons or links on the right. */
  actions?: ReactNode;
  className?: string;
}

/** The heading of a screen: one h1, an optional back link and actions. */
export function PageHeader({ title, description, backTo, backLabel, actions, className }: PageHeaderProps) {
  const { _ } = useLingui();
  return (
    <header className={cn('mb-4 flex flex-wrap items-start justify-between gap-3', className)}>
      <div className="min-w-0 space-y-1">
        {backTo ? (
          <Link
            to={backTo}
            className="-mt-2 -ml-1 inline-flex min-h-11 items-center gap-1 rounded-lg px-1 text-sm font-medium text-[var(--accent-on-soft)] hover:underline"
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {backLabel ?? _('common.ui.back')}
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold text-[var(--ink)]">{title}</h1>
        {description ? <div className="text-[var(--ink-muted)]">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
