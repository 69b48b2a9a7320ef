import type { Role } from '@cafe/shared';
import {
  ChartColumn,
  ClipboardList,
  Coffee,
  History,
  LayoutList,
  Martini,
  ReceiptText,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { customerPaths, paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown but not usable (Menu and My Order while both venues are closed). */
  disabled?: boolean;
  /** Match the path exactly for the active state. */
  end?: boolean;
}

interface VenueState {
  isBarOpen: boolean;
  isCafeOpen: boolean;
}

/**
 * The links of the top navigation bar (SPEC "Top navigation bar"). Menu and My Order are shown
 * only while the cafe is open, and shown disabled while both venues are closed.
 */
export function navItemsFor(role: Role, venue: VenueState): NavItem[] {
  if (role === 'barista') {
    return [
      { label: 'Order', to: paths.barista.ordering, icon: ClipboardList },
      { label: 'History', to: paths.barista.history, icon: History },
      { label: 'Menu Management', to: paths.barista.menuManagement, icon: LayoutList },
      { label: 'Cafe Dashboard', to: paths.barista.dashboardCafe, icon: ChartColumn },
      { label: 'Bar Dashboard', to: paths.barista.dashboardBar, icon: Martini },
    ];
  }
  const p = customerPaths(role);
  const items: NavItem[] = [];
  const allClosed = !venue.isCafeOpen && !venue.isBarOpen;
  if (venue.isCafeOpen || allClosed) {
    items.push(
      { label: 'Menu', to: p.menuCafe, icon: Coffee, disabled: allClosed },
      { label: 'My Order', to: p.statusOrder, icon: ReceiptText, disabled: allClosed },
    );
  }
  items.push({ label: 'History', to: p.ordered, icon: History });
  if (role === 'admin') {
    items.push(
      { label: 'User Management', to: paths.admin.userManagement, icon: Users },
      { label: 'Cafe Dashboard', to: paths.admin.dashboard, icon: ChartColumn, end: true },
      { label: 'Bar Dashboard', to: paths.admin.dashboardBar, icon: Martini },
    );
  }
  return items;
}

/** The three icons of the mobile bottom bar: history, menu (centre), current order status. */
export function bottomItemsFor(role: Role, venue: VenueState): { history: NavItem; menu: NavItem; status: NavItem } {
  const p = customerPaths(role);
  const barOnly = venue.isBarOpen && !venue.isCafeOpen;
  const allClosed = !venue.isBarOpen && !venue.isCafeOpen;
  return {
    history: { label: 'History', to: p.ordered, icon: History },
    menu: {
      label: 'Menu',
      to: allClosed ? p.closeAll : barOnly ? p.menuBar : p.menuCafe,
      icon: barOnly ? Martini : Coffee,
    },
    status: { label: 'My Order', to: p.statusOrder, icon: ReceiptText },
  };
}
