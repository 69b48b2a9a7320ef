import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useMe } from '@/api/me';
import { ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { HeadedSection } from '@/components/ui/headed-section';
import { paths } from '@/lib/paths';
import { usePrivacyPolicy } from '@/features/info/api/get-privacy-policy';
import { RetentionTable } from '@/features/info/components/retention-table';
import { channelLines, retentionRows } from '@/features/info/lib/privacy';

const LINK = 'font-medium text-[var(--accent-on-soft)] underline';

/**
 * Privacy (/privacy, public): what the cafe keeps about a person, why and for how long, made from
 * GET /privacy (docs/privacy.md), and where a person downloads their data or deletes their account.
 */
export function PrivacyRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const policy = usePrivacyPolicy();

  let body;
  if (policy.isPending) body = <LoadingBlock label={_('info.privacy.loading')} />;
  else if (policy.isError) {
    body = <ErrorState message={_('info.privacy.loadFailed')} onRetry={() => void policy.refetch()} />;
  } else {
    body = (
      <>
        <HeadedSection heading={_('info.privacy.kept.heading')}>
          <RetentionTable rows={retentionRows(policy.data)} />
          <p className="text-sm text-[var(--ink-muted)]">{_('info.privacy.cleanUp')}</p>
        </HeadedSection>

        <HeadedSection heading={_('info.privacy.channels.heading')}>
          <p>{_('info.privacy.channels.intro')}</p>
          <dl className="card divide-y divide-[var(--border)]" data-testid="privacy-channels">
            {channelLines(policy.data).map((line) => (
              <div key={line.key} className="px-4 py-3">
                <dt className="font-semibold">{_(line.name)}</dt>
                <dd className="text-sm break-words text-[var(--ink-muted)]">{_(line.detail)}</dd>
              </div>
            ))}
          </dl>
        </HeadedSection>

        {policy.data.singleSignOn ? (
          <HeadedSection heading={_('info.privacy.sso.heading')}>
            <p>{_('info.privacy.sso.text')}</p>
          </HeadedSection>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title={_('info.privacy.title')} description={_('info.privacy.description')} />
      {body}
      <HeadedSection heading={_('info.privacy.yourData.heading')}>
        <p>{_('info.privacy.yourData.download')}</p>
        <p>{_('info.privacy.yourData.delete')}</p>
        <p>
          {me ? (
            <Link to={paths.profile} className={LINK}>
              {_('info.privacy.yourData.openProfile')}
            </Link>
          ) : (
            // After signing in, the person lands on their profile.
            <Link to={paths.login} state={{ from: paths.profile }} className={LINK}>
              {_('info.privacy.yourData.signIn')}
            </Link>
          )}
        </p>
      </HeadedSection>
    </div>
  );
}
