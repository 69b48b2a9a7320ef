import { CHAT_CHANNEL_NAMES, CHAT_CHANNELS, type ChatChannelName, type ChatChannelStatus } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { MessagesSquare, RefreshCw } from 'lucide-react';
import { EmptyState, ErrorState, LoadingBlock, PageHeader, StatusPill } from '@/components/ui';
import { formatLocale } from '@/i18n';
import { useChatChannels } from '@/features/chat/api/chat-channels';

/** A channel's page of docs/. */
const docOf = (channel: ChatChannelName) => `docs/${channel}.md`;

/** Where the channels' settings are explained. */
const DOCS = CHAT_CHANNELS.map(docOf).join(', ');

const when = (iso: string) =>
  new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function ChannelCard({ channel }: { channel: ChatChannelStatus }) {
  const { _ } = useLingui();
  const name = CHAT_CHANNEL_NAMES[channel.channel];
  const doc = docOf(channel.channel);
  const headingId = `chat-channel-${channel.channel}`;
  const figures: [string, string][] = [[_('chat.channels.linked'), String(channel.linked)]];
  if (channel.pushesThisMonth !== null) figures.push([_('chat.channels.pushes'), String(channel.pushesThisMonth)]);
  return (
    <section
      aria-labelledby={headingId}
      className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6"
      data-testid={`chat-channel-${channel.channel}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {name}
        </h2>
        <StatusPill tone={channel.on ? 'success' : 'neutral'}>
          {channel.on ? _('chat.channels.on') : _('chat.channels.off')}
        </StatusPill>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-[var(--ink-muted)]">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold">{_('chat.channels.settings')}</h3>
        <ul className="mt-1 divide-y divide-[var(--border)]" aria-label={_('chat.channels.settingsOf', { chat: name })}>
          {channel.settings.map((setting) => (
            <li key={setting.name} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <code className="text-sm break-all">{setting.name}</code>
              <StatusPill tone={setting.set ? 'success' : 'warning'}>
                {setting.set ? _('chat.channels.set') : _('chat.channels.notSet')}
                {setting.secret ? ` · ${_('chat.channels.secret')}` : ''}
              </StatusPill>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-semibold">{_('chat.channels.lastError')}</h3>
        {channel.lastError ? (
          <div className="mt-1 rounded-xl border border-[var(--danger)] bg-[var(--danger-soft)] px-3 py-2">
            <p className="break-words">{channel.lastError.message}</p>
            <time dateTime={channel.lastError.at} className="text-sm text-[var(--ink-muted)]">
              {when(channel.lastError.at)}
            </time>
          </div>
        ) : (
          <p className="mt-1 text-[var(--ink-muted)]">
            {channel.channel === 'slack' ? _('chat.channels.slackErrors') : _('chat.channels.noError')}
          </p>
        )}
      </div>
      <p className="text-sm text-[var(--ink-muted)]">{_('chat.channels.howTo', { doc })}</p>
    </section>
  );
}

/**
 * Chat channels (/chat-channels-admin): Slack, LINE and Teams for admins. Each one on or not, each
 * of its settings set or not (a value is never shown), the people linked, the last delivery that
 * failed and, for LINE, the push messages of the month. Channels are turned on by their settings.
 */
export function ChatChannelsAdminRoute() {
  const { _ } = useLingui();
  const channels = useChatChannels();

  let body;
  if (channels.isPending) body = <LoadingBlock label={_('chat.channels.loading')} />;
  else if (channels.isError) {
    body = <ErrorState message={_('chat.channels.loadFailed')} onRetry={() => void channels.refetch()} />;
  } else if (channels.data.channels.length === 0) {
    body = <EmptyState icon={<MessagesSquare className="h-7 w-7" />} title={_('chat.channels.empty')} />;
  } else {
    body = (
      <div className="grid gap-4 lg:grid-cols-3">
        {channels.data.channels.map((channel) => (
          <ChannelCard key={channel.channel} channel={channel} />
        ))}
      </div>
    );
  }

  return (
    <section>
      <PageHeader
        title={_('chat.channels.title')}
        description={_('chat.channels.description', { docs: DOCS })}
        actions={
          <button
            type="button"
            className="btn-secondary"
            disabled={channels.isFetching}
            onClick={() => void channels.refetch()}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {_('chat.channels.refresh')}
          </button>
        }
      />
      {body}
    </section>
  );
}
