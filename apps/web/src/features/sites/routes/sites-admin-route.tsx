import type { Site } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { MapPinned, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AlertMessage, ConfirmDialog, EmptyState, ErrorState, LoadingBlock, PageHeader, Switch } from '@/components/ui';
import { useConfirmAbout } from '@/components/ui/use-confirm-about';
import { errorText } from '@/lib/error-text';
import { useAdminSites } from '@/features/sites/api/get-admin-sites';
import { useArchiveSite, useCreateSite, useUpdateSite } from '@/features/sites/api/save-site';
import { SiteBaristasDialog } from '@/features/sites/components/site-baristas-dialog';
import { SiteCard } from '@/features/sites/components/site-card';
import { SiteFormDialog } from '@/features/sites/components/site-form-dialog';

/** What the form is open for: a new site, or the site being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; site: Site } | null;

/**
 * Sites (/sites-admin): the company's cafes and bars, which an admin adds, changes, archives and
 * staffs. The list follows the `site` live event.
 */
export function SitesAdminRoute() {
  const { _ } = useLingui();
  const [withArchived, setWithArchived] = useState(false);
  const sites = useAdminSites(withArchived);
  const createSite = useCreateSite();
  const updateSite = useUpdateSite();
  const archiveSite = useArchiveSite();
  const [editing, setEditing] = useState<Editing>(null);
  const [staffing, setStaffing] = useState<Site | null>(null);
  const archiving = useConfirmAbout<Site>();

  const handleArchive = async (site: Site) => {
    // The server says why (orders still waiting, the last open site) in its own words.
    await archiving.attempt(
      'archiving a site failed',
      archiveSite.mutateAsync(site.id),
      (error) => errorText(error) ?? _('sites.archive.failed'),
    );
    toast.success(_('sites.toast.archived', { name: site.name }));
  };

  let body;
  if (sites.isPending) body = <LoadingBlock label={_('sites.loading')} />;
  else if (sites.isError) body = <ErrorState message={_('sites.loadFailed')} onRetry={() => void sites.refetch()} />;
  else if (sites.data.length === 0) {
    body = <EmptyState icon={<MapPinned className="h-7 w-7" />} title={_('sites.empty')} />;
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-label={_('sites.list')}>
        {sites.data.map((site) => (
          <SiteCard
            key={site.id}
            site={site}
            onEdit={() => setEditing({ kind: 'edit', site })}
            onBaristas={() => setStaffing(site)}
            onArchive={() => archiving.open(site)}
          />
        ))}
      </ul>
    );
  }

  const editedSite = editing?.kind === 'edit' ? editing.site : undefined;
  return (
    <section>
      <PageHeader
        title={_('sites.title')}
        description={_('sites.description')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing({ kind: 'new' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {_('sites.new')}
          </button>
        }
      />
      <Switch
        className="mb-4"
        label={_('sites.showArchived')}
        checked={withArchived}
        onCheckedChange={setWithArchived}
      />
      {body}
      <SiteFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        site={editedSite}
        onSave={async (siteBody) => {
          if (editedSite) {
            await updateSite.mutateAsync({ id: editedSite.id, body: siteBody });
            toast.success(_('sites.toast.saved', { name: siteBody.name }));
          } else {
            await createSite.mutateAsync(siteBody);
            toast.success(_('sites.toast.created', { name: siteBody.name }));
          }
          setEditing(null);
        }}
      />
      <SiteBaristasDialog
        site={staffing}
        onOpenChange={(open) => {
          if (!open) setStaffing(null);
        }}
      />
      <ConfirmDialog
        open={archiving.subject !== null}
        onOpenChange={archiving.onOpenChange}
        title={archiving.subject ? _('sites.archive.title', { name: archiving.subject.name }) : ''}
        text={_('sites.archive.text')}
        confirmLabel={_('sites.archive.confirm')}
        closeLabel={_('sites.archive.keep')}
        tone="danger"
        onConfirm={() => (archiving.subject ? handleArchive(archiving.subject) : undefined)}
      >
        {archiving.failure ? <AlertMessage>{archiving.failure}</AlertMessage> : null}
      </ConfirmDialog>
    </section>
  );
}
