import type { OutboxHealth } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { BellRing, RefreshCw } from 'lucide-react';
import { AlertMessage, EmptyState, ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { ServerButton } from '@/components/ui/server-button';
import { HeadedSection } from '@/components/ui/headed-section';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/connectivity';
import { useOutboxHealth } from '@/features/notifications/api/get-outbox-health';
import { ErrorTime } from '@/features/notifications/components/error-time';
import { OutboxChannels } from '@/features/notifications/components/outbox-channels';
import { CHANNEL_LABELS } from '@/features/notifications/lib/channels';

/** Nothing has gone through the outbox yet: nothing waits, failed or was sent, and no error. */
function neverUsed(health: OutboxHealth): boolean {
  return (
    health.pending === 0 &&
    health.failed === 0 &&
    health.lastError === null &&
    health.channels.every((c) => c.pending === 0 && c.failed === 0 && c.sent === 0)
  );
}

function Totals({ health, readAt }: { health: OutboxHealth; readAt: number }) {
  const { _ } = useLingui();
  // The age as of the reading shown (read again every 10 seconds), not a clock of its own.
  const oldest = health.oldestPendingAt
    ? _('notifications.outbox.ago', {
        duration: formatDuration(readAt - new Date(health.oldestPendingAt).getTime()),
      })
    : _('notifications.outbox.none');
  const figures = [
    ['pending', _('notifications.outbox.totalPending'), String(health.pending)],
    ['failed', _('notifications.outbox.totalFailed'), String(health.failed)],
    ['oldest', _('notifications.outbox.oldestPending'), oldest],
  ] as const;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {figures.map(([key, label, value]) => (
        <div
          key={key}
          data-testid={`outbox-${key}`}
          className={cn(
            'card p-4',
            key === 'failed' && health.failed > 0 && 'border-[var(--danger)]',
            key === 'pending' && health.pending > 0 && 'border-[var(--warning)]',
          )}
        >
          <dt className="text-sm font-medium text-[var(--ink-muted)]">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LastErrorPanel({ lastError }: { lastError: NonNullable<OutboxHealth['lastError']> }) {
  const { _ } = useLingui();
  // Not an alert: it is read again every few seconds, and a screen reader would repeat it each time.
  return (
    <section
      aria-labelledby="outbox-last-error-heading"
      className="rounded-xl border border-[var(--danger)] bg-[var(--danger-soft)] px-4 py-3"
      data-testid="outbox-last-error"
    >
      <h2 id="outbox-last-error-heading" className="font-semibold text-[var(--danger)]">
        {_('notifications.outbox.lastErrorOf', { channel: _(CHANNEL_LABELS[lastError.channel]) })}
      </h2>
      <p className="break-words text-[var(--ink)]">{lastError.message}</p>
      <ErrorTime at={lastError.at} className="text-sm text-[var(--ink-muted)]" />
    </section>
  );
}

/**
 * Notifications (/notifications-admin): the outbox's health for admins. What waits to be sent,
 * what was given up on, the last error, and each channel's figures; read again every 10 seconds
 * while the page is visible, and on Refresh.
 */
export function NotificationsAdminRoute() {
  const { _ } = useLingui();
  const health = useOutboxHealth();

  let body;
  if (health.isPending) body = <LoadingBlock label={_('notifications.outbox.loading')} />;
  else if (health.isError && !health.data) {
    body = <ErrorState message={_('notifications.outbox.loadFailed')} onRetry={() => void health.refetch()} />;
  } else {
    const data = health.data;
    body = (
      <div className="space-y-6">
        {health.isError ? <AlertMessage>{_('notifications.outbox.refreshFailed')}</AlertMessage> : null}
        {neverUsed(data) ? (
          <EmptyState
            icon={<BellRing className="h-7 w-7" />}
            title={_('notifications.outbox.empty')}
            description={_('notifications.outbox.emptyHint')}
          />
        ) : (
          <>
            <Totals health={data} readAt={health.dataUpdatedAt} />
            {data.lastError ? <LastErrorPanel lastError={data.lastError} /> : null}
          </>
        )}
        <HeadedSection heading={_('notifications.outbox.channels')}>
          <OutboxChannels channels={data.channels} />
        </HeadedSection>
      </div>
    );
  }

  return (
    <section>
      <PageHeader
        title={_('notifications.outbox.title')}
        description={_('notifications.outbox.description')}
        actions={
          <ServerButton onClick={() => void health.refetch()} busy={health.isFetching}>
            <RefreshCw aria-hidden="true" className={cn('h-4 w-4', health.isFetching && 'animate-spin')} />
            {_('notifications.outbox.refresh')}
          </ServerButton>
        }
      />
      {body}
    </section>
  );
}
