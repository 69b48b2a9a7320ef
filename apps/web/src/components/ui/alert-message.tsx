import { useLingui } from '@lingui/react';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Tone = 'danger' | 'success' | 'info';

const TONES: Record<Tone, string> = {
  danger: 'border-[var(--danger)] bg-[var(--danger-soft)] text-[var(--danger)]',
  success: 'border-[var(--success)] bg-[var(--success-soft)] text-[var(--success)]',
  info: 'border-[var(--border)] bg-[var(--surface-sunken)] text-[var(--ink)]',
};

const ICONS = { danger: AlertCircle, success: CheckCircle2, info: Info } as const;

/**
 * An alert shown in the page instead of window.alert: screen readers announce it (role="alert"),
 * and it stays visible until the next attempt.
 */
export function AlertMessage({
  children,
  tone = 'danger',
  className,
}: {
  children: ReactNode;
  tone?: Tone;
  className?: string;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-2 rounded-xl border px-3 py-2 text-sm', TONES[tone], className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A load failure with an optional retry button. */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <div className={cn('flex flex-col items-center gap-3 py-10 text-center', className)}>
      <AlertMessage>{message}</AlertMessage>
      {onRetry ? (
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {_('common.ui.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}
