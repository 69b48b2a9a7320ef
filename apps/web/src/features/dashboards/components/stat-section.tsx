import type { CafeDay, StatsPeriod } from '@cafe/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState, LoadingBlock } from '@/components/ui';
import type { StatsParams } from '@/features/dashboards/api/stats';
import { downloadTextFile } from '@/features/dashboards/lib/csv';

interface AnswerProps<T> {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorMessage: string;
  className?: string;
  children: (data: T) => ReactNode;
}

/** A statistic's answer: loading, failed (with a retry), or shown. */
export function Answer<T>({ query, loadingLabel, errorMessage, className, children }: AnswerProps<T>) {
  if (query.isPending) return <LoadingBlock className={className} label={loadingLabel} />;
  if (query.isError) {
    return <ErrorState className={className} message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}

/** What a card of the period with a CSV download is given. */
export interface DownloadCardProps {
  params: StatsParams;
  headingId: string;
  /** What the download is named by: the day it is made and the period shown. */
  today: CafeDay;
  period: StatsPeriod;
  /** The site the numbers are for, named in the download (a company of several sites only). */
  siteName?: string;
}

interface StatSectionProps<T> extends AnswerProps<T> {
  headingId: string;
  title: string;
  /** What the section counts, under its heading. */
  description?: string;
  /** An answer with nothing to show: `empty` is shown instead, and there is nothing to download. */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** The CSV download beside the heading, disabled while there is nothing to download. */
  download?: { label: string; fileName: string; csv: (data: T) => string };
}

/** A card of the dashboard: its heading (and CSV download), then the statistic's answer. */
export function StatSection<T>({
  headingId,
  title,
  description,
  isEmpty,
  empty,
  download,
  ...answer
}: StatSectionProps<T>) {
  const { data } = answer.query;
  const heading = (
    <h2 id={headingId} className="text-lg font-semibold">
      {title}
    </h2>
  );
  const handleDownload = () => {
    if (data && download) downloadTextFile(download.fileName, download.csv(data));
  };
  return (
    <section aria-labelledby={headingId} className="card p-4">
      {download ? (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          {heading}
          <button type="button" className="btn-secondary" onClick={handleDownload} disabled={!data || isEmpty(data)}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {download.label}
          </button>
        </div>
      ) : (
        heading
      )}
      {description ? <p className="mb-2 text-sm text-[var(--ink-muted)]">{description}</p> : null}
      <Answer {...answer}>{(loaded) => (isEmpty(loaded) ? empty : answer.children(loaded))}</Answer>
    </section>
  );
}
