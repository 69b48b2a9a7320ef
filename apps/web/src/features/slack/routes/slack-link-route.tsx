import { useLingui } from '@lingui/react';
import { MessageSquare } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { IconBadge } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import {
  useConfirmSlackLink,
  useRevokeSlackLink,
  useSlackLinkPreview,
  useSlackLinkStatus,
} from '@/features/slack/api/slack-link';

/**
 * /slack/link/{token}: where the Slack app's one-time link leads, for a signed-in person. It names
 * the Slack account and links it only when the person says so; a used or expired link says to ask
 * Slack for a new one. A linked person may unlink here (docs/slack.md "Linking").
 */
export function SlackLinkRoute() {
  const { _ } = useLingui();
  const { token = '' } = useParams();
  const preview = useSlackLinkPreview(token);
  const status = useSlackLinkStatus();
  const confirm = useConfirmSlackLink();
  const revoke = useRevokeSlackLink();
  const gone = preview.isError && isApiError(preview.error) && preview.error.status === 404;
  // The address holds no whole link (the server's 400): said in the person's words, not the rule's.
  const cut = preview.isError && isApiError(preview.error, 'VALIDATION');
  const deadEnd = (gone || cut) && !confirm.isSuccess;

  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 p-6">
      <section className="card flex flex-col items-center gap-5 p-6 text-center" aria-labelledby="slack-link-title">
        <IconBadge icon={MessageSquare} tone="accent" />
        <h1 id="slack-link-title" className="text-2xl font-semibold">
          {_('slack.link.title')}
        </h1>
        <div role="status" className="w-full space-y-2 break-words">
          {preview.isPending ? (
            <p className="flex items-center justify-center gap-3">
              <span className="spinner" aria-hidden="true" />
              {_('slack.link.pending')}
            </p>
          ) : null}
          {confirm.isSuccess ? (
            <p className="text-lg font-semibold text-[var(--success)]">
              {_('slack.link.linked', { name: confirm.data.slackName })}
            </p>
          ) : null}
          {gone && !confirm.isSuccess ? <p>{_('slack.link.gone')}</p> : null}
          {cut && !confirm.isSuccess ? <p>{_('slack.link.cut')}</p> : null}
          {preview.isError && !gone && !cut ? <p>{errorText(preview.error)}</p> : null}
          {confirm.isError ? <p>{errorText(confirm.error)}</p> : null}
          {revoke.isSuccess ? <p>{_('slack.link.unlinked')}</p> : null}
        </div>
        {preview.isSuccess && !confirm.isSuccess ? (
          <>
            <p className="text-lg">{_('slack.link.question', { name: preview.data.slackName })}</p>
            <button
              type="button"
              className="btn-primary w-full"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(token)}
            >
              {_('slack.link.confirm')}
            </button>
          </>
        ) : null}
        {deadEnd ? (
          <Link to={paths.home} className="btn-primary w-full">
            {_('slack.link.home')}
          </Link>
        ) : null}
      </section>
      {status.data?.linked && !revoke.isSuccess ? (
        <section className="card flex flex-col gap-3 p-6" aria-labelledby="slack-unlink-title">
          <h2 id="slack-unlink-title" className="text-lg font-semibold">
            {_('slack.unlink.title')}
          </h2>
          <p className="text-sm text-[var(--ink-muted)]">{_('slack.unlink.body')}</p>
          <button
            type="button"
            className="btn-secondary w-full"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            {_('slack.unlink.action')}
          </button>
        </section>
      ) : null}
    </section>
  );
}
