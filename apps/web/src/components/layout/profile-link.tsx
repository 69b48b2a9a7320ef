import { useLingui } from '@lingui/react';
import { CircleUserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/**
 * The way to the person's own Profile (their notifications): an icon beside the greeting in the
 * top bar, a full row in the mobile menu.
 */
export function ProfileLink({
  layout,
  className,
  onNavigate,
}: {
  layout: 'bar' | 'sheet';
  className?: string;
  onNavigate?: () => void;
}) {
  const { _ } = useLingui();
  const label = _('common.nav.profile');
  const active = 'bg-[var(--accent-soft)] text-[var(--accent-on-soft)]';
  if (layout === 'bar') {
    return (
      <NavLink
        to={paths.profile}
        aria-label={label}
        title={label}
        className={({ isActive }) => cn('btn-ghost min-w-11 shrink-0 px-2', isActive && active, className)}
      >
        <CircleUserRound aria-hidden="true" className="h-5 w-5" />
      </NavLink>
    );
  }
  return (
    <NavLink
      to={paths.profile}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium transition-colors',
          isActive ? cn(active, 'font-semibold') : 'text-[var(--ink)] hover:bg-[var(--surface-sunken)]',
          className,
        )
      }
    >
      <CircleUserRound aria-hidden="true" className="h-4 w-4" />
      {label}
    </NavLink>
  );
}
