import { useLingui } from '@lingui/react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import type { NavItem } from './nav-links';

/**
 * One navigation link; a disabled item is shown greyed out and cannot be followed. In the bar the
 * icon shows from 1280 px, unless `icon` is false (a bar of many links).
 */
export function NavLinkItem({
  item,
  layout,
  icon = true,
  onNavigate,
  className,
}: {
  item: NavItem;
  layout: 'bar' | 'sheet';
  icon?: boolean;
  onNavigate?: () => void;
  className?: string;
}) {
  const { _ } = useLingui();
  const Icon = item.icon;
  const iconClass = cn('h-4 w-4', layout === 'bar' && (icon ? 'hidden xl:block' : 'hidden'));
  const base =
    layout === 'bar'
      ? 'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap'
      : 'flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium';
  if (item.disabled) {
    return (
      <span
        aria-disabled="true"
        title={_('common.nav.closedTitle')}
        className={cn(base, className, 'cursor-not-allowed text-[var(--ink-muted)] opacity-60')}
      >
        <Icon aria-hidden="true" className={iconClass} />
        {_(item.label)}
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          base,
          className,
          'transition-colors',
          isActive
            ? 'bg-[var(--accent-soft)] font-semibold text-[var(--accent-on-soft)]'
            : 'text-[var(--ink)] hover:bg-[var(--surface-sunken)]',
        )
      }
    >
      <Icon aria-hidden="true" className={iconClass} />
      {_(item.label)}
    </NavLink>
  );
}
