import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCafeStatusQuery } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { i18n } from '@/i18n';
import { customerPaths, paths } from '@/lib/paths';

type Venue = 'cafe' | 'bar';

const OTHER: Record<Venue, Venue> = { cafe: 'bar', bar: 'cafe' };

/** Said when a customer is taken from one menu to the other (in the language of the moment it is read). */
export const MOVED_TO_OTHER_MENU: Record<Venue, string> = {
  get cafe() {
    return i18n._('order.moved.toCafe');
  },
  get bar() {
    return i18n._('order.moved.toBar');
  },
};

/**
 * A menu screen follows the venue live (the `cafe-status` event updates the venue state the
 * screens read): once its venue is closed while the other one is open, a signed-in customer is
 * taken to the other venue's menu and told why. Visitors and baristas are not moved (they may be
 * only reading); the screen says the venue is closed and links to `otherMenu`. Both venues closed
 * is the app shell's redirect to the closed page. Nothing moves while the venue state is unknown.
 */
export function useFollowVenue(venue: Venue): { otherOpen: boolean; otherMenu: string } {
  const me = useMe();
  const status = useCafeStatusQuery().data;
  const navigate = useNavigate();
  const isCustomer = me !== null && me.role !== 'barista';
  const customer = customerPaths(me?.role);
  const other = OTHER[venue];
  const ownOpen = venue === 'cafe' ? status?.isCafeOpen : status?.isBarOpen;
  const otherOpen = (other === 'cafe' ? status?.isCafeOpen : status?.isBarOpen) ?? false;
  const otherMenu =
    other === 'cafe' ? (isCustomer ? customer.menuCafe : paths.home) : isCustomer ? customer.menuBar : paths.orderBar;

  useEffect(() => {
    if (!isCustomer || ownOpen !== false || !otherOpen) return;
    // The toast library loads after the first screen (app/providers.tsx); this comes later still.
    void import('sonner').then(({ toast }) => toast.info(MOVED_TO_OTHER_MENU[other]));
    void navigate(otherMenu, { replace: true });
  }, [isCustomer, ownOpen, otherOpen, other, otherMenu, navigate]);

  return { otherOpen, otherMenu };
}
