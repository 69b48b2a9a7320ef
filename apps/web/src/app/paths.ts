import type { Role } from '@cafe/shared';

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
