import type { Site } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Archive, Pencil, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { StatusPill } from '@/components/ui';
import { SiteShopStatus } from '@/features/sites/components/site-shop-status';

interface SiteCardProps {
  site: Site;
  onEdit: () => void;
  onBaristas: () => void;
  onArchive: () => void;
}

/** One site in the list: what it is, where, and what an admin can do with it. */
export function SiteCard({ site, onEdit, onBaristas, onArchive }: SiteCardProps) {
  const { _ } = useLingui();
  const id = useId();
  const venues = [site.venues.cafe ? _('sites.venue.cafe') : null, site.venues.bar ? _('sites.venue.bar') : null]
    .filter(Boolean)
    .join(', ');
  const open = site.status.isBarOpen ? 'bar' : site.status.isCafeOpen ? 'cafe' : null;
  // A button's text, and its name with the site's for a screen reader ("Edit Tower B").
  const named = { name: site.name };
  const action = (Icon: LucideIcon, text: string, name: string, onClick: () => void, tone?: 'danger') => (
    <button
      type="button"
      className={tone === 'danger' ? 'btn-ghost text-[var(--danger)]' : 'btn-secondary'}
      onClick={onClick}
      aria-label={name}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {text}
    </button>
  );
  return (
    <li className="card p-4" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-name`} className="min-w-0 text-lg font-semibold break-words">
          {site.name}
        </h2>
        {site.archived ? (
          <StatusPill>{_('sites.card.archived')}</StatusPill>
        ) : open ? (
          <StatusPill tone="success">{open === 'bar' ? _('sites.card.barOpen') : _('sites.card.cafeOpen')}</StatusPill>
        ) : (
          <StatusPill tone="warning">{_('sites.card.closed')}</StatusPill>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-[var(--ink-muted)]">{_('sites.field.venues')}</dt>
        <dd>{venues}</dd>
        <dt className="text-[var(--ink-muted)]">{_('sites.field.timeZone')}</dt>
        <dd className="break-all">{site.timeZone}</dd>
        <dt className="text-[var(--ink-muted)]">{_('sites.card.position')}</dt>
        <dd>
          {_('sites.card.positionValue', {
            latitude: site.latitude.toFixed(4),
            longitude: site.longitude.toFixed(4),
            radius: site.radiusKm,
          })}
        </dd>
      </dl>
      {site.archived ? null : <SiteShopStatus site={site} />}
      {site.archived ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          {action(Pencil, _('sites.card.edit'), _('sites.card.editOf', named), onEdit)}
          {action(Users, _('sites.card.baristas'), _('sites.card.baristasOf', named), onBaristas)}
          {action(Archive, _('sites.card.archive'), _('sites.card.archiveOf', named), onArchive, 'danger')}
        </div>
      )}
    </li>
  );
}
