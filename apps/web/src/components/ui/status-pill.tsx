import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type PillTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const TONES: Record<PillTone, string> = {
  neutral: 'bg-[var(--surface-sunken)] text-[var(--ink-muted)]',
  accent: 'bg-[var(--accent-soft)] text-[var(--accent-on-soft)]',
  success: 'bg-[var(--success-soft)] text-[var(--success)]',
  warning: 'bg-[var(--warning-soft)] text-[var(--warning)]',
  danger: 'bg-[var(--danger-soft)] text-[var(--danger)]',
};

/** A small rounded label for a state (order status, active/inactive, open/closed). */
export function StatusPill({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: PillTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
