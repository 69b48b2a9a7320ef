import type { Site } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Select, type SelectOption } from '@/components/ui';

const ALL_SITES = 'all';

interface SiteSelectProps {
  sites: readonly Site[];
  /** Offer "All sites" (admins), chosen while `value` is undefined. */
  canSeeAll: boolean;
  /** The site the numbers are for; undefined: every site (admins) or the barista's own site. */
  value: number | undefined;
  /** A barista's own site: shown while `value` is undefined, and chosen again as undefined. */
  ownSite: Site | undefined;
  onChange: (siteId: number | undefined) => void;
}

/** Which site the dashboard counts: one of `sites`, or every site together. */
export function SiteSelect({ sites, canSeeAll, value, ownSite, onChange }: SiteSelectProps) {
  const { _ } = useLingui();
  const options: SelectOption[] = [
    ...(canSeeAll ? [{ value: ALL_SITES, label: _('dashboards.site.all') }] : []),
    ...sites.map((site) => ({ value: String(site.id), label: site.name })),
  ];
  const fallback = canSeeAll ? ALL_SITES : String(ownSite?.id ?? sites[0]?.id ?? '');
  const handleChange = (chosen: string) => {
    const siteId = chosen === ALL_SITES ? undefined : Number(chosen);
    // The barista's own site is what the server answers without siteId: one cache entry for both.
    onChange(siteId === ownSite?.id ? undefined : siteId);
  };
  return (
    <Select
      className="mb-4 max-w-xs"
      label={_('dashboards.site.label')}
      options={options}
      value={value === undefined ? fallback : String(value)}
      onChange={(event) => handleChange(event.target.value)}
    />
  );
}
