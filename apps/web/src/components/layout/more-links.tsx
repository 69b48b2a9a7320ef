import { useLingui } from '@lingui/react';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { NavLinkItem } from './nav-link-item';
import type { NavItem } from './nav-links';

/**
 * The top bar's "More": the links of the bar's list that are used now and then (a disclosure, the
 * navigation pattern of the WAI-ARIA practices, not a menu of commands): a button that shows and
 * hides a list of ordinary links below it. Escape, a click elsewhere, leaving it with Tab or
 * following a link closes it.
 */
export function MoreLinks({ items }: { items: NavItem[] }) {
  const { _ } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const active = items.some((item) => pathname === item.to);

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !box.current?.contains(event.target)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  return (
    <div
      ref={box}
      className="relative"
      // Tabbing on past the last link closes it, as a click elsewhere does.
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node) || !box.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className={cn(
          'inline-flex min-h-11 items-center gap-1 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-[var(--surface-sunken)]',
          active && 'bg-[var(--accent-soft)] font-semibold text-[var(--accent-on-soft)]',
        )}
      >
        {_('common.nav.more')}
        <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-1 flex min-w-48 flex-col gap-0.5 rounded-xl border border-[var(--border)] bg-[var(--surface-raised)] p-1 shadow-lg"
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLinkItem item={item} layout="bar" className="w-full" onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
