import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import { Spinner } from '@/components/ui';

/** One number with its label (total orders, average preparation time). */
export function StatCard({
  label,
  loadingLabel,
  value,
  detail,
  loading,
  error,
}: {
  label: string;
  /** What the spinner says while the number loads ("Loading total orders..."). */
  loadingLabel: string;
  value: ReactNode;
  detail?: ReactNode;
  loading: boolean;
  error: boolean;
}) {
  const { _ } = useLingui();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="card p-4">
      <p id={labelId} className="text-sm font-medium text-[var(--ink-muted)]">
        {label}
      </p>
      {loading ? (
        <Spinner size="sm" className="mt-2" label={loadingLabel} />
      ) : error ? (
        <p className="mt-1 text-[var(--danger)]">{_('dashboards.stat.error')}</p>
      ) : (
        <>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{value}</p>
          {detail ? <p className="text-sm text-[var(--ink-muted)]">{detail}</p> : null}
        </>
      )}
    </div>
  );
}
