import { CHAT_CHANNEL_NAMES, CHAT_CHANNELS, chatAskMessageId, type ChatChannelName } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { MessageSquare } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { IconBadge } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { sayPeople } from '@/lib/people-text';
import {
  useChatLinkPreview,
  useChatLinkStatus,
  useConfirmChatLink,
  useRevokeChatLink,
} from '@/features/chat/api/chat-link';

/**
 * /{channel}/link/{token} (/slack/link/..., /line/link/..., /teams/link/..., /google-chat/link/...): where a chat's one-time
 * link leads, for a signed-in person; the links chats sent before answer here as they did. An address
 * of no chat is the app's not-found.
 */
export function ChatLinkRoute() {
  const { channel } = useParams();
  const known = CHAT_CHANNELS.find((c) => c === channel);
  return known ? <LinkPage key={known} channel={known} /> : <Navigate to={paths.unauthorized} replace />;
}

/**
 * It names the chat's account and links it only when the person says so; a used or expired link
 * says to ask the chat for a new one. A linked person may unlink here (docs/slack.md, docs/line.md,
 * docs/teams.md "Linking").
 */
function LinkPage({ channel }: { channel: ChatChannelName }) {
  const { _ } = useLingui();
  const { token = '' } = useParams();
  const preview = useChatLinkPreview(channel, token);
  const status = useChatLinkStatus(channel);
  const confirm = useConfirmChatLink(channel);
  const revoke = useRevokeChatLink(channel);
  const gone = preview.isError && isApiError(preview.error) && preview.error.status === 404;
  // The address holds no whole link (the server's 400): said in the person's words, not the rule's.
  const cut = preview.isError && isApiError(preview.error, 'VALIDATION');
  const deadEnd = (gone || cut) && !confirm.isSuccess;
  const chat = CHAT_CHANNEL_NAMES[channel];
  // What to do in the chat once linked, or for a new link when this one is gone or cut short.
  const ask = sayPeople({ id: chatAskMessageId(channel) });
  const titleId = `${channel}-link-title`;
  const unlinkId = `${channel}-unlink-title`;

  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 p-4 sm:p-6">
      <section className="card flex flex-col items-center gap-5 p-6 text-center" aria-labelledby={titleId}>
        <IconBadge icon={MessageSquare} tone="accent" />
        <h1 id={titleId} className="text-2xl font-semibold">
          {_('chat.link.title', { chat })}
        </h1>
        <div role="status" className="w-full space-y-2 break-words">
          {preview.isPending ? (
            <p className="flex items-center justify-center gap-3">
              <span className="spinner" aria-hidden="true" />
              {_('chat.link.pending')}
            </p>
          ) : null}
          {confirm.isSuccess ? (
            <p className="text-lg font-semibold text-[var(--success)]">
              {_('chat.link.linked', { chat, name: confirm.data.name, ask })}
            </p>
          ) : null}
          {gone && !confirm.isSuccess ? <p>{_('chat.link.gone', { ask })}</p> : null}
          {cut && !confirm.isSuccess ? <p>{_('chat.link.cut', { ask })}</p> : null}
          {preview.isError && !gone && !cut ? <p>{errorText(preview.error)}</p> : null}
          {confirm.isError ? <p>{errorText(confirm.error)}</p> : null}
          {revoke.isSuccess ? <p>{_('chat.link.unlinked', { chat })}</p> : null}
          {revoke.isError ? <p>{errorText(revoke.error)}</p> : null}
        </div>
        {preview.isSuccess && !confirm.isSuccess ? (
          <>
            <p className="text-lg break-words">{_('chat.link.question', { chat, name: preview.data.name })}</p>
            <button
              type="button"
              className="btn-primary w-full"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(token)}
            >
              {_('chat.link.confirm')}
            </button>
          </>
        ) : null}
        {deadEnd ? (
          <Link to={paths.home} className="btn-primary w-full">
            {_('chat.link.home')}
          </Link>
        ) : null}
      </section>
      {status.data?.linked && !revoke.isSuccess ? (
        <section className="card flex flex-col gap-3 p-6" aria-labelledby={unlinkId}>
          <h2 id={unlinkId} className="text-lg font-semibold">
            {_('chat.unlink.title', { chat })}
          </h2>
          <p className="text-sm text-[var(--ink-muted)]">{_('chat.unlink.body', { chat })}</p>
          <button
            type="button"
            className="btn-secondary w-full"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            {_('chat.unlink.action', { chat })}
          </button>
        </section>
      ) : null}
    </section>
  );
}
