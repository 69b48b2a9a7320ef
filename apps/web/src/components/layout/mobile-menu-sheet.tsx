import { X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Dialog } from 'radix-ui';
import { Greeting } from './greeting';
import { LanguageSwitch } from './language-switch';
import { LiveIndicator } from './live-indicator';
import { LogoutButton } from './logout-button';
import { NavLinkItem } from './nav-link-item';
import { ProfileLink } from './profile-link';
import type { NavItem } from './nav-links';
import { SiteSwitch } from './site-switch';

/** The side sheet of the hamburger menu: the links, the greeting and Logout (loaded on first use). */
export function MobileMenuSheet({
  items,
  open,
  onOpenChange,
}: {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { _ } = useLingui();
  const handleClose = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-4 overflow-y-auto border-l border-[var(--border)] bg-[var(--surface-raised)] p-4 text-[var(--ink)] shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{_('common.nav.sheetTitle')}</Dialog.Title>
            <Dialog.Close className="btn-ghost -mr-2 min-w-11 px-2" aria-label={_('common.nav.closeMenu')}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Greeting layout="sheet" />
          <ProfileLink layout="sheet" onNavigate={handleClose} />
          <SiteSwitch layout="sheet" />
          <nav aria-label={_('common.nav.main')}>
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLinkItem item={item} layout="sheet" onNavigate={handleClose} />
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto flex items-center justify-between gap-2 border-t border-[var(--border)] pt-4">
            <LiveIndicator showText />
            <LanguageSwitch />
            <LogoutButton onDone={handleClose} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
