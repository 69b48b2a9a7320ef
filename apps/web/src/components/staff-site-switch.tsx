import { useLingui } from '@lingui/react';
import { useSites } from '@/api/sites';
import { Select } from '@/components/ui';
import { useStaffSite } from '@/hooks/use-staff-site';
import { chooseStaffSite } from '@/lib/site-choice';
import { reconnectSocket } from '@/lib/socket';

/**
 * Which site the staff screens act on (the board, the history, the opening hours), for someone who
 * runs several; nothing for someone who runs one. A change is remembered on this device, and the
 * live channel connects again to follow the new site's board; the screens read it by their keys.
 */
export function StaffSiteSwitch({ className }: { className?: string }) {
  const { _ } = useLingui();
  const { siteId, siteIds } = useStaffSite();
  const sites = useSites();
  if (siteIds.length < 2) return null;
  // Archived sites leave GET /sites; until it has answered the ids stand in for the names.
  const names = new Map((sites.data ?? []).map((site) => [site.id, site.name]));
  const options = siteIds
    .filter((id) => !sites.data || names.has(id))
    .map((id) => ({ value: String(id), label: names.get(id) ?? _('common.staffSite.numbered', { id }) }));
  return (
    <Select
      className={className}
      label={_('common.staffSite.label')}
      options={options}
      value={siteId === undefined ? '' : String(siteId)}
      onChange={(event) => {
        chooseStaffSite(Number(event.target.value));
        reconnectSocket();
      }}
    />
  );
}
