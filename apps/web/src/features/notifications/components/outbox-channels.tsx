import type { OutboxChannelHealth } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { StatusPill } from '@/components/ui';
import { DataTable } from '@/components/ui/data-table';
import { CHANNEL_LABELS } from '@/features/notifications/lib/channels';
import { ErrorTime } from './error-time';

function ConfiguredPill({ configured }: { configured: boolean }) {
  const { _ } = useLingui();
  return configured ? (
    <StatusPill tone="success">{_('notifications.outbox.configured')}</StatusPill>
  ) : (
    <StatusPill>{_('notifications.outbox.notConfigured')}</StatusPill>
  );
}

function LastError({ channel }: { channel: OutboxChannelHealth }) {
  const { _ } = useLingui();
  if (!channel.lastError) return <span className="text-[var(--ink-muted)]">{_('notifications.outbox.noError')}</span>;
  return (
    <div className="min-w-0">
      <p className="break-words text-[var(--danger)]">{channel.lastError.message}</p>
      <ErrorTime at={channel.lastError.at} className="text-xs text-[var(--ink-muted)]" />
    </div>
  );
}

/**
 * The outbox of each channel: a table from a tablet up, a card per channel on a phone (the same
 * figures, each with its name beside it).
 */
export function OutboxChannels({ channels }: { channels: readonly OutboxChannelHealth[] }) {
  const { _ } = useLingui();
  const numeric = 'px-3 py-2 text-right tabular-nums';
  return (
    <>
      <DataTable
        caption={_('notifications.outbox.tableCaption')}
        columns={[
          { label: _('notifications.outbox.channel') },
          { label: _('notifications.outbox.setUp') },
          { label: _('notifications.outbox.pending'), className: 'text-right' },
          { label: _('notifications.outbox.failed'), className: 'text-right' },
          { label: _('notifications.outbox.sent'), className: 'text-right' },
          { label: _('notifications.outbox.lastError') },
        ]}
        dense
        className="hidden md:block"
      >
        {channels.map((channel) => (
          <tr key={channel.channel} data-channel={channel.channel}>
            <th scope="row" className="px-3 py-2 text-left font-semibold">
              {_(CHANNEL_LABELS[channel.channel])}
            </th>
            <td className="px-3 py-2">
              <ConfiguredPill configured={channel.configured} />
            </td>
            <td className={numeric}>{channel.pending}</td>
            <td className={numeric}>{channel.failed}</td>
            <td className={numeric}>{channel.sent}</td>
            <td className="max-w-xs px-3 py-2">
              <LastError channel={channel} />
            </td>
          </tr>
        ))}
      </DataTable>
      <ul className="grid gap-3 md:hidden" aria-label={_('notifications.outbox.tableCaption')}>
        {channels.map((channel) => (
          <li key={channel.channel} className="card space-y-2 p-4" data-channel={channel.channel}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{_(CHANNEL_LABELS[channel.channel])}</h3>
              <ConfiguredPill configured={channel.configured} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(
                [
                  ['pending', _('notifications.outbox.pending')],
                  ['failed', _('notifications.outbox.failed')],
                  ['sent', _('notifications.outbox.sent')],
                ] as const
              ).map(([key, label]) => (
                <div key={key} className="rounded-lg bg-[var(--surface-sunken)] px-2 py-1">
                  <dt className="text-xs text-[var(--ink-muted)]">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{channel[key]}</dd>
                </div>
              ))}
            </dl>
            <div className="text-sm">
              <p className="font-medium text-[var(--ink-muted)]">{_('notifications.outbox.lastError')}</p>
              <LastError channel={channel} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
