import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { AlertMessage, Spinner } from '@/components/ui';

/** How far below the screen the end of the list may still be when the next page is asked for. */
const PRELOAD_MARGIN = '600px 0px';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  /** The last attempt at the next page failed: wait for the button, do not retry by scrolling. */
  failed: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a list that loads more as it comes into view (an IntersectionObserver on a sentinel)
 * and on a visible "Load more" button, for keyboards, screen readers and browsers without the
 * observer. Nothing is shown once everything is loaded.
 */
export function LoadMore({ hasMore, loading, failed, onLoadMore }: LoadMoreProps) {
  const { _ } = useLingui();
  const sentinel = useRef<HTMLDivElement>(null);

  // Observed afresh after each load: if the end is still in view (a tall screen), the next page follows.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed, onLoadMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-3 py-2">
      {failed ? <AlertMessage>{_('barista.history.olderFailed')}</AlertMessage> : null}
      {loading ? <Spinner size="sm" label={_('barista.history.loadingOlder')} /> : null}
      <button type="button" className="btn-secondary" onClick={onLoadMore} disabled={loading}>
        {failed ? _('barista.history.tryAgain') : _('barista.history.loadMore')}
      </button>
    </div>
  );
}
