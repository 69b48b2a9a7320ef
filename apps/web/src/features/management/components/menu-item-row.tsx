import { textOrEmpty, type Menu, type MenuAtSite } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPill, Switch } from '@/components/ui';
import { useOffline } from '@/lib/connectivity';
import { cn } from '@/lib/cn';

interface MenuItemRowProps {
  menu: Menu;
  selecting: boolean;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onActiveChange: (active: boolean) => void;
  /** The item at the staff site: whether it serves it and whether it is sold out there. */
  atSite?: MenuAtSite | undefined;
  /** The staff site's name, which the per-site controls are labelled with. */
  siteName?: string;
  onAtSiteChange?: (change: { available: boolean } | { soldOut: boolean }) => void;
}

/** One item of the category page: name, description, active switch, edit link or selection box. */
export function MenuItemRow({
  menu,
  selecting,
  selected,
  onSelectedChange,
  onActiveChange,
  atSite,
  siteName = '',
  onAtSiteChange,
}: MenuItemRowProps) {
  const { _ } = useLingui();
  const checkboxId = useId();
  // Switching needs the server: offline the switch is disabled (the list says why).
  const offline = useOffline();
  const active = menu.isActive === 'active';
  const description = textOrEmpty(menu.description);
  const Text = selecting ? 'label' : 'div';
  return (
    <li className={cn('card flex min-w-0 items-center gap-3 p-3 sm:p-4', selected && 'border-[var(--accent)]')}>
      {selecting ? (
        <input
          id={checkboxId}
          type="checkbox"
          className="h-6 w-6 shrink-0 accent-[var(--accent)]"
          checked={selected}
          onChange={(e) => onSelectedChange(e.target.checked)}
          aria-label={_('management.item.select', { name: menu.name })}
        />
      ) : null}
      {/* While selecting, the whole text is the checkbox's label: a bigger target than the box. */}
      <Text
        {...(selecting ? { htmlFor: checkboxId } : {})}
        className={cn('block min-w-0 flex-1', selecting && 'cursor-pointer')}
      >
        <span className={cn('block truncate font-semibold', !active && 'text-[var(--ink-muted)]')}>{menu.name}</span>
        {description ? <span className="block truncate text-sm text-[var(--ink-muted)]">{description}</span> : null}
        <StatusPill tone={active ? 'success' : 'neutral'} className="mt-1">
          {active ? _('management.status.active') : _('management.status.inactive')}
        </StatusPill>
        {atSite && !atSite.available ? (
          <StatusPill tone="neutral" className="mt-1 ml-1">
            {_('management.site.notServed')}
          </StatusPill>
        ) : atSite?.soldOut ? (
          <StatusPill tone="warning" className="mt-1 ml-1">
            {_('management.site.soldOut')}
          </StatusPill>
        ) : null}
        {atSite && onAtSiteChange && !selecting ? (
          <div
            role="group"
            aria-label={_('management.site.group', { name: menu.name, site: siteName })}
            className="mt-2 flex flex-wrap gap-x-4 gap-y-1"
          >
            <Switch
              checked={atSite.available}
              onCheckedChange={(available) => onAtSiteChange({ available })}
              label={_('management.site.servedSwitch', { site: siteName })}
              accessibleName={_('management.site.servedSwitchOf', { site: siteName, name: menu.name })}
              disabled={offline}
            />
            <Switch
              checked={atSite.soldOut}
              onCheckedChange={(soldOut) => onAtSiteChange({ soldOut })}
              label={_('management.site.soldOutSwitch', { site: siteName })}
              accessibleName={_('management.site.soldOutSwitchOf', { site: siteName, name: menu.name })}
              disabled={offline || !atSite.available}
            />
          </div>
        ) : null}
      </Text>
      {selecting ? null : (
        <>
          <Switch
            checked={active}
            onCheckedChange={onActiveChange}
            label={_('management.item.activeSwitch', { name: menu.name })}
            hideLabel
            disabled={offline}
          />
          <Link
            to={paths.barista.editMenu(menu.id)}
            aria-label={_('management.item.edit', { name: menu.name })}
            className="btn-ghost px-3"
          >
            <Pencil aria-hidden="true" className="h-5 w-5" />
          </Link>
        </>
      )}
    </li>
  );
}
