import { useLingui } from '@lingui/react';
import { MapPin } from 'lucide-react';
import { useLocation } from 'react-router';
import { useMe } from '@/api/me';
import { useChangeHomeSite, useHomeSite } from '@/api/sites';
import { cn } from '@/lib/cn';
import { OWN_SITE_CHOICE_PATHS } from '@/lib/paths';
import { Select } from '@/components/ui/select';

/**
 * Whether the top bar offers the person's home site here: they order, the company has several
 * sites, and the screen does not choose a site of its own (a dashboard's "All sites" beside
 * "Head office" in the bar would be two answers to one question).
 */
function useHomeSiteShown() {
  const orders = useMe()?.role !== 'barista';
  const { pathname } = useLocation();
  const home = useHomeSite();
  return {
    ...home,
    shown: orders && home.several && home.site !== undefined && !OWN_SITE_CHOICE_PATHS.includes(pathname),
  };
}

/**
 * The person's site, named and changeable, when the company has more than one (with one site
 * nothing shows). A native select: the keyboard, screen readers and phones all know it. `bar`:
 * inline in the top bar with a hidden label (`className` says where it shows: `hidden lg:block`);
 * `sheet`: labelled, full width in the mobile menu. Not for baristas, who do not order: their
 * screens follow the counter they run (lib/site-choice.ts).
 */
export function SiteSwitch({ layout = 'bar', className }: { layout?: 'bar' | 'sheet'; className?: string }) {
  const { _ } = useLingui();
  const { site, sites, shown } = useHomeSiteShown();
  const change = useChangeHomeSite();
  if (!shown || !site) return null;
  return (
    <Select
      label={_('common.site.label')}
      hideLabel={layout === 'bar'}
      className={cn(layout === 'bar' ? 'w-44 min-w-0' : 'w-full', className)}
      value={String(site.id)}
      disabled={change.isPending}
      aria-busy={change.isPending || undefined}
      onChange={(event) => {
        const next = Number(event.target.value);
        if (next !== site.id) change.mutate(next);
      }}
      options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
    />
  );
}

/** The person's site named in a few words, where the switch itself does not fit (a phone's top bar). */
export function SiteName() {
  const { _ } = useLingui();
  const { site, shown } = useHomeSiteShown();
  if (!shown || !site) return null;
  return (
    <p className="flex min-w-0 items-center gap-1 text-xs text-[var(--ink-muted)]" data-testid="site-name">
      <MapPin aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      <span className="sr-only">{_('common.site.label')}: </span>
      <span className="truncate">{site.name}</span>
    </p>
  );
}
