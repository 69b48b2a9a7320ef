import { useLingui } from '@lingui/react';
import { Download, ScrollText } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage, EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { ServerButton } from '@/components/ui/server-button';
import { errorText } from '@/lib/error-text';
import { useExportAuditLog } from '@/features/audit/api/export-audit-log';
import { useAuditLog } from '@/features/audit/api/get-audit-log';
import { AuditEntries } from '@/features/audit/components/audit-entries';
import { AuditFilters, NO_FILTER, filterOf, type AuditFilterDraft } from '@/features/audit/components/audit-filters';

/**
 * Audit log (/audit-admin): the administrative actions, newest first, for admins. Who did what,
 * when, to what, and the changed fields before and after; filtered by kind and days, a page at a
 * time ("Load more"), and downloaded as the server's CSV file.
 */
export function AuditAdminRoute() {
  const { _ } = useLingui();
  const [draft, setDraft] = useState<AuditFilterDraft>(NO_FILTER);
  // Days the wrong way round keep the last good filter on screen, with the field's error.
  const [filter, setFilter] = useState(() => filterOf(NO_FILTER) ?? {});
  const shown = useDeferredValue(filter);
  const log = useAuditLog(shown);
  const exportLog = useExportAuditLog();

  const handleFilterChange = (next: AuditFilterDraft) => {
    setDraft(next);
    const wanted = filterOf(next);
    if (wanted) setFilter(wanted);
  };

  const handleExport = () =>
    exportLog.mutate(filter, {
      onError: (error) => toast.error(errorText(error) ?? _('audit.export.failed')),
    });

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  let body;
  if (log.isPending) body = <LoadingBlock label={_('audit.loading')} />;
  else if (log.isError && entries.length === 0) {
    body = <ErrorState message={_('audit.loadFailed')} onRetry={() => void log.refetch()} />;
  } else if (entries.length === 0) {
    body = (
      <EmptyState
        className="card"
        icon={<ScrollText className="h-7 w-7" />}
        title={_('audit.empty')}
        description={_('audit.emptyHint')}
      />
    );
  } else {
    body = (
      <div className="space-y-4">
        <AuditEntries entries={entries} />
        {log.isFetchNextPageError ? <AlertMessage>{_('audit.moreFailed')}</AlertMessage> : null}
        {log.hasNextPage ? (
          <div className="flex justify-center">
            <button
              type="button"
              className="btn-secondary"
              disabled={log.isFetchingNextPage}
              aria-busy={log.isFetchingNextPage || undefined}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? _('audit.loadingMore') : _('audit.loadMore')}
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section>
      <PageHeader
        title={_('audit.title')}
        description={_('audit.description')}
        actions={
          <ServerButton onClick={handleExport} disabled={exportLog.isPending} busy={exportLog.isPending}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {exportLog.isPending ? _('audit.export.busy') : _('audit.export.button')}
          </ServerButton>
        }
      />
      <AuditFilters draft={draft} onChange={handleFilterChange} />
      <div aria-busy={log.isFetching && !log.isFetchingNextPage ? true : undefined}>{body}</div>
    </section>
  );
}
