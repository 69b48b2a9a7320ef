import { useLingui } from '@lingui/react';
import { useMe } from '@/api/me';
import { useHomeSite, useHomeTimeZone } from '@/api/sites';
import { PageHeader } from '@/components/ui';
import { OpenRunsList } from '@/features/runs/components/open-runs-list';
import { StartRunForm } from '@/features/runs/components/start-run-form';

/**
 * Coffee runs (/runs): the open runs at the person's site, each a link to add a drink to it, and
 * starting one. Baristas follow runs at the counter; drinks are added from a customer account.
 */
export function RunsRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const { site, several } = useHomeSite();
  const timeZone = useHomeTimeZone();
  const canOrder = me !== null && me.role !== 'barista';

  return (
    <section className="mx-auto max-w-2xl" aria-labelledby="runs-title">
      <PageHeader
        title={<span id="runs-title">{_('runs.list.title')}</span>}
        description={_('runs.list.description')}
      />

      <section aria-labelledby="runs-open-title" className="mb-6">
        <h2 id="runs-open-title" className="mb-3 text-xl font-semibold">
          {several && site ? _('runs.list.openAt', { site: site.name }) : _('runs.list.open')}
        </h2>
        <OpenRunsList timeZone={timeZone} />
      </section>

      <section aria-labelledby="runs-start-title" className="card p-4 sm:p-6">
        <h2 id="runs-start-title" className="mb-1 text-xl font-semibold">
          {_('runs.start.title')}
        </h2>
        {canOrder ? (
          <>
            <p className="mb-4 text-sm text-[var(--ink-muted)]">{_('runs.start.description')}</p>
            <StartRunForm siteId={site?.id} timeZone={timeZone} />
          </>
        ) : (
          <p className="text-sm text-[var(--ink-muted)]">{_('runs.start.staffOnly')}</p>
        )}
      </section>
    </section>
  );
}
