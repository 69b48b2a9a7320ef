import { useId, type ReactNode } from 'react';
import { Spinner } from '@/components/ui';

/** One number with its label (total orders, average preparation time). */
export function StatCard({
  label,
  value,
  detail,
  loading,
  error,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  loading: boolean;
  error: boolean;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="card p-4">
      <p id={labelId} className="text-sm font-medium text-[var(--ink-muted)]">
        {label}
      </p>
      {loading ? (
        <Spinner size="sm" className="mt-2" label={`Loading ${label.toLowerCase()}...`} />
      ) : error ? (
        <p className="mt-1 text-[var(--danger)]">Could not load</p>
      ) : (
        <>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{value}</p>
          {detail ? <p className="text-sm text-[var(--ink-muted)]">{detail}</p> : null}
        </>
      )}
    </div>
  );
}
