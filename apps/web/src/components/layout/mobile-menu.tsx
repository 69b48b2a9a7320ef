import { Menu } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/cn';
import type { NavItem } from './nav-links';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

/**
 * The hamburger menu of small screens. The sheet (and its dialog library) loads when first
 * wanted; pointing at or focusing the button starts the download early.
 */
export function MobileMenu({ items, className }: { items: NavItem[]; className?: string }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  const handleOpen = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={cn('btn-ghost min-w-11 px-2', className)}
        aria-label={_('common.nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={handleOpen}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet items={items} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
