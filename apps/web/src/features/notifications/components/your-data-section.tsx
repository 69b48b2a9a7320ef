import { useLingui } from '@lingui/react';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '@/api/me';
import { AlertMessage } from '@/components/ui';
import { HeadedSection } from '@/components/ui/headed-section';
import { refusalOr } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { paths } from '@/lib/paths';
import { useDownloadMyData } from '@/features/notifications/api/download-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The profile's "Your data": download all of it as one file, or delete the account. */
export function YourDataSection() {
  const { _ } = useLingui();
  const me = useMe();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);

  const handleDownload = () =>
    download.mutate(undefined, {
      onError: (error) => logFailure('downloading the personal data failed', error),
    });

  return (
    <HeadedSection heading={_('notifications.yourData.heading')} className="mt-8">
      <p className="text-sm text-[var(--ink-muted)]">
        {_('notifications.yourData.intro')}{' '}
        <Link to={paths.privacy} className="font-medium text-[var(--accent-on-soft)] underline">
          {_('notifications.yourData.privacyLink')}
        </Link>
      </p>
      <div className="card divide-y divide-[var(--border)]">
        <div className="space-y-3 p-4 sm:p-6">
          <p className="text-sm">{_('notifications.yourData.downloadHint')}</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={handleDownload}
            disabled={download.isPending}
            aria-busy={download.isPending || undefined}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {download.isPending ? _('notifications.yourData.downloading') : _('notifications.yourData.download')}
          </button>
          {download.isError ? (
            <AlertMessage>{refusalOr(download.error, _('notifications.yourData.downloadFailed'))}</AlertMessage>
          ) : null}
        </div>
        <div className="space-y-3 p-4 sm:p-6">
          <p className="text-sm">{_('notifications.yourData.deleteHint')}</p>
          <button type="button" className="btn-danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {_('notifications.yourData.delete')}
          </button>
        </div>
      </div>
      {me ? <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} email={me.email} /> : null}
    </HeadedSection>
  );
}
