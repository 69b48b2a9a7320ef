import type { DisplayLink, DisplayLinkCreated } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Copy, MonitorPlay, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AlertMessage, ConfirmDialog, EmptyState, ErrorState, LoadingBlock, StatusPill } from '@/components/ui';
import { useConfirmAbout } from '@/components/ui/use-confirm-about';
import { formatLocale } from '@/i18n';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { paths } from '@/lib/paths';
import { useCreateDisplayLink, useDisplayLinks, useRevokeDisplayLink } from '@/features/sites/api/display-links';
import { QrCode } from '@/components/qr-code';

const LABEL_MAX = 80;

/** The whole address a screen opens: shown once, when the link is made. */
const screenUrl = (token: string) => new URL(paths.pickupScreen(token), window.location.origin).toString();

const when = (iso: string) => new Date(iso).toLocaleString(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** The link just made: its whole address, with Copy, until the person is done with it. */
function CreatedLink({ link, onDone }: { link: DisplayLinkCreated; onDone: () => void }) {
  const { _ } = useLingui();
  const id = useId();
  const url = screenUrl(link.token);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(_('pickup.links.copied'));
    } catch (error) {
      logFailure('copying a display link failed', error);
      toast.error(_('pickup.links.copyFailed'));
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="card mb-4 border-2 border-[var(--accent)] p-4"
      data-testid="display-link-created"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {_('pickup.links.createdTitle', { label: link.label || _('pickup.links.unnamed') })}
      </h2>
      <p id={`${id}-text`} className="mt-1 text-sm text-[var(--ink-muted)]">
        {_('pickup.links.createdText')}
      </p>
      <label htmlFor={`${id}-url`} className="label mt-3">
        {_('pickup.links.linkField')}
      </label>
      <input
        id={`${id}-url`}
        className="input font-mono text-sm"
        readOnly
        value={url}
        aria-describedby={`${id}-text`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <QrCode value={url} label={_('pickup.links.qr')} className="h-48 w-48 shrink-0 rounded-lg" />
        <p className="max-w-sm text-sm text-[var(--ink-muted)]">{_('pickup.links.qrHint')}</p>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => void handleCopy()}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {_('pickup.links.copy')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {_('pickup.links.done')}
        </button>
      </div>
    </section>
  );
}

function LinkRow({ link, onRevoke }: { link: DisplayLink; onRevoke: () => void }) {
  const { _ } = useLingui();
  const label = link.label || _('pickup.links.unnamed');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="display-link">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{label}</p>
        <p className="text-sm text-[var(--ink-muted)]">
          {_('pickup.links.madeBy', { name: link.createdBy?.name ?? '—', date: when(link.createdAt) })}
        </p>
      </div>
      {link.revokedAt ? (
        <StatusPill>{_('pickup.links.revokedAt', { date: when(link.revokedAt) })}</StatusPill>
      ) : (
        <>
          <StatusPill tone="success">{_('pickup.links.active')}</StatusPill>
          <button
            type="button"
            className="btn-ghost text-[var(--danger)]"
            onClick={onRevoke}
            aria-label={_('pickup.links.revokeOf', { label })}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {_('pickup.links.revoke')}
          </button>
        </>
      )}
    </li>
  );
}

/** A site's pickup screen links: make one (its address shown once), see them, revoke one. */
export function DisplayLinksPanel({ siteId }: { siteId: number }) {
  const { _ } = useLingui();
  const id = useId();
  const links = useDisplayLinks(siteId);
  const create = useCreateDisplayLink(siteId);
  const revoke = useRevokeDisplayLink(siteId);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<DisplayLinkCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const revoking = useConfirmAbout<DisplayLink>();

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      setCreated(await create.mutateAsync(label.trim()));
      setLabel('');
    } catch (error) {
      logFailure('creating a display link failed', error);
      setFailure(errorText(error) ?? _('pickup.links.createFailed'));
    }
  };

  const handleRevoke = async (link: DisplayLink) => {
    await revoking.attempt(
      'revoking a display link failed',
      revoke.mutateAsync(link.id),
      (error) => errorText(error) ?? _('pickup.links.revokeFailed'),
    );
    toast.success(_('pickup.links.revoked', { label: link.label || _('pickup.links.unnamed') }));
  };

  let list;
  if (links.isPending) list = <LoadingBlock label={_('pickup.links.loading')} />;
  else if (links.isError)
    list = <ErrorState message={_('pickup.links.loadFailed')} onRetry={() => void links.refetch()} />;
  else if (links.data.length === 0)
    list = <EmptyState icon={<MonitorPlay className="h-7 w-7" />} title={_('pickup.links.empty')} />;
  else
    list = (
      <ul className="card divide-y divide-[var(--border)] px-4" aria-label={_('pickup.links.list')}>
        {links.data.map((link) => (
          <LinkRow key={link.id} link={link} onRevoke={() => revoking.open(link)} />
        ))}
      </ul>
    );

  const revokingLabel = revoking.subject ? revoking.subject.label || _('pickup.links.unnamed') : '';
  return (
    <div>
      {created ? <CreatedLink link={created} onDone={() => setCreated(null)} /> : null}
      <form onSubmit={(e) => void handleCreate(e)} noValidate className="card mb-4 p-4">
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <label htmlFor={`${id}-label`} className="label">
          {_('pickup.links.label')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-label`}
            className="input min-w-0 flex-1"
            value={label}
            maxLength={LABEL_MAX}
            onChange={(e) => setLabel(e.target.value)}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
          />
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {_('pickup.links.create')}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-sm text-[var(--ink-muted)]">
          {_('pickup.links.labelHint')}
        </p>
      </form>
      {list}
      <ConfirmDialog
        open={revoking.subject !== null}
        onOpenChange={revoking.onOpenChange}
        title={_('pickup.links.revokeTitle', { label: revokingLabel })}
        text={_('pickup.links.revokeText')}
        confirmLabel={_('pickup.links.revoke')}
        closeLabel={_('pickup.links.keep')}
        tone="danger"
        onConfirm={() => (revoking.subject ? handleRevoke(revoking.subject) : undefined)}
      >
        {revoking.failure ? <AlertMessage>{revoking.failure}</AlertMessage> : null}
      </ConfirmDialog>
    </div>
  );
}
