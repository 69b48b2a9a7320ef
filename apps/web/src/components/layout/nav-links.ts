import type { Role } from '@cafe/shared';
import {
  BellRing,
  CalendarClock,
  ChartColumn,
  ClipboardList,
  Coffee,
  HandPlatter,
  History,
  LayoutList,
  MapPinned,
  Martini,
  MessagesSquare,
  MonitorPlay,
  ReceiptText,
  ScrollText,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { msgId } from '@/i18n';
import { customerPaths, paths } from '@/lib/paths';

export interface NavItem {
  /** The id of its label in the catalogues. */
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown but not usable (Menu and My Order while both venues are closed). */
  disabled?: boolean;
  /** Match the path exactly for the active state. */
  end?: boolean;
  /**
   * In the top bar under More rather than inline (tools used now and then, so the bar keeps room
   * for the daily links); the hamburger menu lists it with the others. Every item of the list is
   * in the bar and in the menu: both take this one list.
   */
  more?: boolean;
}

interface VenueState {
  isBarOpen: boolean;
  isCafeOpen: boolean;
}

/**
 * The links of the top navigation bar, by role: History for everyone, User Management for admins
 * only. Menu, My Order and Coffee runs are shown only while the cafe is open, and shown disabled
 * while both venues are closed.
 */
export function navItemsFor(role: Role, venue: VenueState): NavItem[] {
  if (role === 'barista') {
    return [
      { label: msgId('common.nav.order'), to: paths.barista.ordering, icon: ClipboardList },
      { label: msgId('common.nav.history'), to: paths.barista.history, icon: History },
      { label: msgId('common.nav.menuManagement'), to: paths.barista.menuManagement, icon: LayoutList },
      { label: msgId('common.nav.cafeDashboard'), to: paths.barista.dashboardCafe, icon: ChartColumn },
      { label: msgId('common.nav.barDashboard'), to: paths.barista.dashboardBar, icon: Martini },
      { label: msgId('common.nav.openingHours'), to: paths.barista.openingHours, icon: CalendarClock },
      { label: msgId('common.nav.pickupScreens'), to: paths.barista.pickupScreens, icon: MonitorPlay, more: true },
    ];
  }
  const p = customerPaths(role);
  const items: NavItem[] = [];
  const allClosed = !venue.isCafeOpen && !venue.isBarOpen;
  if (venue.isCafeOpen || allClosed) {
    items.push(
      { label: msgId('common.nav.menu'), to: p.menuCafe, icon: Coffee, disabled: allClosed },
      { label: msgId('common.nav.myOrder'), to: p.statusOrder, icon: ReceiptText, disabled: allClosed },
    );
  }
  // A run's drinks are cafe orders for later: beside ordering, while the cafe is. An admin's bar is
  // full of their tools: theirs leads their More (the menu lists the bar's order).
  const coffeeRuns: NavItem | null =
    venue.isCafeOpen || allClosed
      ? { label: msgId('common.nav.coffeeRuns'), to: paths.runs, icon: HandPlatter, disabled: allClosed }
      : null;
  if (coffeeRuns && role !== 'admin') items.push(coffeeRuns);
  items.push({ label: msgId('common.nav.history'), to: p.ordered, icon: History });
  if (role === 'admin') {
    items.push(
      { label: msgId('common.nav.userManagement'), to: paths.admin.userManagement, icon: Users },
      { label: msgId('common.nav.cafeDashboard'), to: paths.admin.dashboard, icon: ChartColumn, end: true },
      { label: msgId('common.nav.barDashboard'), to: paths.admin.dashboardBar, icon: Martini },
      { label: msgId('common.nav.openingHours'), to: paths.admin.openingHours, icon: CalendarClock },
      ...(coffeeRuns ? [{ ...coffeeRuns, more: true }] : []),
      { label: msgId('common.nav.sites'), to: paths.admin.sites, icon: MapPinned, more: true },
      { label: msgId('common.nav.pickupScreens'), to: paths.admin.pickupScreens, icon: MonitorPlay, more: true },
      { label: msgId('common.nav.notifications'), to: paths.admin.notifications, icon: BellRing, more: true },
      { label: msgId('common.nav.auditLog'), to: paths.admin.audit, icon: ScrollText, more: true },
      { label: msgId('common.nav.chatChannels'), to: paths.admin.chatChannels, icon: MessagesSquare, more: true },
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
    history: { label: msgId('common.nav.history'), to: p.ordered, icon: History },
    menu: {
      label: msgId('common.nav.menu'),
      to: allClosed ? p.closeAll : barOnly ? p.menuBar : p.menuCafe,
      icon: barOnly ? Martini : Coffee,
    },
    status: { label: msgId('common.nav.myOrder'), to: p.statusOrder, icon: ReceiptText },
  };
}
