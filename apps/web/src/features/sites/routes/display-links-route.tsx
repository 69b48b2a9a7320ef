import { useLingui } from '@lingui/react';
import { useScreenSite } from '@/api/site-state';
import { EmptyState, PageHeader } from '@/components/ui';
import { DisplayLinksPanel } from '@/features/sites/components/display-links-panel';

/**
 * Pickup screens (/pickup-screens, /pickup-screens-admin): the display links of the staff site
 * chosen on this device, which its baristas and the admins make and revoke.
 */
export function DisplayLinksRoute() {
  const { _ } = useLingui();
  const here = useScreenSite();
  const siteName = here.site?.name ?? '';
  return (
    <section>
      <PageHeader title={_('pickup.links.title')} description={_('pickup.links.description', { site: siteName })} />
      {here.siteId === undefined ? (
        <EmptyState title={_('pickup.links.loadFailed')} />
      ) : (
        <DisplayLinksPanel key={here.siteId} siteId={here.siteId} />
      )}
    </section>
  );
}
