import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingBlock } from '@/components/ui';
import { isApiError } from '@/lib/api-client';

/**
 * What a page of one category or item shows until it has it (null once it does): that an id in
 * the address cannot be one, the spinner, or a failure: gone (deleted meanwhile: no retry) or not
 * read (with a retry).
 */
export function loadProblem(
  id: number,
  query: UseQueryResult,
  texts: { doesNotExist: string; loading: string; gone: string; loadFailed: string },
): ReactNode {
  if (Number.isNaN(id)) return <ErrorState message={texts.doesNotExist} />;
  if (query.isPending) return <LoadingBlock label={texts.loading} />;
  if (!query.isError) return null;
  const gone = isApiError(query.error, 'NOT_FOUND');
  return (
    <ErrorState
      message={gone ? texts.gone : texts.loadFailed}
      onRetry={gone ? undefined : () => void query.refetch()}
    />
  );
}
