import type { Role } from '@cafe/shared';
import { matchPath } from 'react-router';

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Every path of the web app, named once (SPEC section 2). */
export const paths = {
  home: '/',
  login: '/login',
  create: '/create',
  unauthorized: '/unauthorized',
  orderBar: '/order_bar',
  teamCredit: '/team-credit',

  user: {
    menuCafe: '/menuCafe',
    menucafe: '/menucafe',
    menuBar: '/menubar',
    statusOrder: '/statusOrder',
    ordered: '/ordered',
    closeAll: '/close-all',
    form: (menuName: string, menuId: number | string) => `/form/${seg(menuName)}/${seg(menuId)}`,
    formBar: (menuName: string, menuId: number | string, description: string) =>
      `/form-bar/${seg(menuName)}/${seg(menuId)}/${seg(description || '-')}`,
  },

  admin: {
    menuCafe: '/menuCafe-admin',
    menuBar: '/menubar-admin',
    statusOrder: '/statusOrder-admin',
    ordered: '/ordered-admin',
    dashboard: '/dashboard-admin',
    dashboardBar: '/dashboard-admin-bar',
    userManagement: '/userManagement',
    userManagementBar: '/userManagement-bar',
    closeAll: '/close-all-admin',
    form: (menuName: string, menuId: number | string) => `/form-admin/${seg(menuName)}/${seg(menuId)}`,
    formBar: (menuName: string, menuId: number | string, description: string) =>
      `/form-bar-admin/${seg(menuName)}/${seg(menuId)}/${seg(description || '-')}`,
  },

  barista: {
    ordering: '/ordering',
    history: '/history',
    menuManagement: '/menuManagement',
    categoryMenu: (categoryName: string, categoryId: number | string) =>
      `/menuManagement/${seg(categoryName)}/${seg(categoryId)}`,
    editMenu: (menuId: number | string) => `/edit-menu/${seg(menuId)}`,
    editCategory: (categoryId: number | string) => `/edit-category/${seg(categoryId)}`,
    addMenu: (categoryId: number | string) => `/add-menu/${seg(categoryId)}`,
    addCategory: '/add-category',
    dashboardCafe: '/dashboard-cafe',
    dashboardBar: '/dashboard-bar',
  },
} as const;

/** The paths a customer uses: admins get the -admin variants, everyone else the user ones. */
export function customerPaths(role: Role) {
  return role === 'admin' ? paths.admin : paths.user;
}

/**
 * Where a signed-in person lands (SPEC section 4 landing table). Admin uses the real bar and cafe
 * flags (the specification notes its own start-up defect there; we take the sensible reading).
 */
export function landingPath(
  role: Role,
  status: { isBarOpen: boolean; isCafeOpen: boolean },
  moment: 'startup' | 'login',
): string {
  if (role === 'barista') return paths.barista.ordering;
  const barOnly = status.isBarOpen && !status.isCafeOpen;
  const cafeOnly = status.isCafeOpen && !status.isBarOpen;
  if (role === 'admin') {
    if (barOnly) return paths.orderBar;
    if (cafeOnly) return paths.admin.menuCafe;
    return paths.admin.closeAll;
  }
  if (barOnly) return paths.orderBar;
  if (cafeOnly) return moment === 'startup' ? paths.user.menucafe : paths.user.statusOrder;
  return paths.user.closeAll;
}

/** Where the logo leads (SPEC "Top navigation bar"). */
export function logoPath(role: Role, status: { isBarOpen: boolean; isCafeOpen: boolean }): string {
  if (role === 'barista') return paths.barista.ordering;
  const p = customerPaths(role);
  const barOnly = status.isBarOpen && !status.isCafeOpen;
  const cafeOnly = status.isCafeOpen && !status.isBarOpen;
  if (barOnly) return paths.orderBar;
  if (cafeOnly) return p.statusOrder;
  return p.closeAll;
}

/**
 * "Home" of a signed-in person: the error screen's Back to home, the denied page's link and the
 * redirect of a signed-in person who opens /login (SPEC: /statusOrder; admin and barista variants).
 */
export function homePath(role: Role): string {
  if (role === 'admin') return paths.admin.statusOrder;
  if (role === 'user') return paths.user.statusOrder;
  return paths.barista.ordering;
}

/** Routes anyone may open without signing in (SPEC section 2, public group). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.home,
  paths.login,
  paths.create,
  paths.unauthorized,
  paths.orderBar,
  paths.teamCredit,
];

/** The route patterns of each role's group (SPEC section 2); the router table uses the same ones. */
export const ROLE_ROUTES: Record<Role, readonly string[]> = {
  user: [
    '/menuCafe',
    '/menucafe',
    '/menubar',
    '/statusOrder',
    '/ordered',
    '/close-all',
    '/form/:menuName/:menuId',
    '/form-bar/:menuName/:menuId/:description',
  ],
  admin: [
    '/menuCafe-admin',
    '/menubar-admin',
    '/statusOrder-admin',
    '/ordered-admin',
    '/dashboard-admin',
    '/dashboard-admin-bar',
    '/userManagement',
    '/userManagement-bar',
    '/form-admin/:menuName/:menuId',
    '/form-bar-admin/:menuName/:menuId/:description',
    '/close-all-admin',
  ],
  barista: [
    '/ordering',
    '/history',
    '/menuManagement',
    '/menuManagement/:categoryName/:categoryId',
    '/edit-menu/:menuId',
    '/edit-category/:categoryId',
    '/add-menu/:categoryId',
    '/add-category',
    '/dashboard-cafe',
    '/dashboard-bar',
  ],
};

function pathnameOf(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? path;
}

/** Whether a signed-in person of `role` may open `path` (used for the "back to where you were" after login). */
export function isPathAllowed(role: Role, path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const pathname = pathnameOf(path);
  if (pathname === paths.login || pathname === paths.create) return false;
  if (PUBLIC_PATHS.includes(pathname)) return true;
  return ROLE_ROUTES[role].some((pattern) => matchPath({ path: pattern, caseSensitive: true }, pathname) !== null);
}

/** Customer screens that only make sense while a venue is open: the menus and the order forms. */
const VENUE_SCREENS = [
  '/menuCafe',
  '/menucafe',
  '/menubar',
  '/form/:menuName/:menuId',
  '/form-bar/:menuName/:menuId/:description',
  '/menuCafe-admin',
  '/menubar-admin',
  '/form-admin/:menuName/:menuId',
  '/form-bar-admin/:menuName/:menuId/:description',
];

export function needsOpenVenue(pathname: string): boolean {
  return VENUE_SCREENS.some((pattern) => matchPath({ path: pattern, caseSensitive: true }, pathname) !== null);
}

export function isCloseAllPath(pathname: string): boolean {
  return pathname === paths.user.closeAll || pathname === paths.admin.closeAll;
}
