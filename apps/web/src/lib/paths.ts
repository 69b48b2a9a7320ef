import { dashIfEmpty, shopModeOf, type CafeStatus, type Role } from '@cafe/shared';
import { generatePath, matchPath } from 'react-router';

type Id = number | string;

/** A counter's pickup screen; its link's token is the fragment (paths.pickupScreen). */
export const PICKUP_SCREEN = '/pickup';

/** The route patterns that take parameters: the router matches them and the builders in `paths` fill them. */
export const patterns = {
  user: { form: '/form/:menuName/:menuId', formBar: '/form-bar/:menuName/:menuId/:description' },
  admin: { form: '/form-admin/:menuName/:menuId', formBar: '/form-bar-admin/:menuName/:menuId/:description' },
  barista: {
    categoryMenu: '/menuManagement/:categoryName/:categoryId',
    editMenu: '/edit-menu/:menuId',
    editCategory: '/edit-category/:categoryId',
    addMenu: '/add-menu/:categoryId',
  },
  /**
   * A counter's pickup screen as links made before the token moved into the fragment opened it;
   * the screen moves the token into the fragment at once (ASVS 14.2.1).
   */
  pickupScreen: '/pickup/:token',
  /** Where a chat's one-time link leads, `/slack/link/{token}` and the like (docs/api/chat.md). */
  chatLink: '/:channel/link/:token',
  /** One coffee run: the link its runner shares (docs/api/runs.md). */
  run: '/runs/:runId',
} as const;

/**
 * The search parameter that carries a coffee run through the cafe menu and the order form: the
 * drink chosen there is added to that run (`?run=12`).
 */
export const RUN_PARAM = 'run';

/** The run named by an address's search (`?run=12`); undefined without one or for anything but an id. */
export function runIdOf(search: URLSearchParams): number | undefined {
  const value = search.get(RUN_PARAM);
  const id = value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The order forms of a customer group; a bar drink without a description travels as "-". */
function formPaths(group: (typeof patterns)['user' | 'admin']) {
  return {
    form: (menuName: string, menuId: Id) => generatePath(group.form, { menuName, menuId: String(menuId) }),
    formBar: (menuName: string, menuId: Id, description: string) =>
      generatePath(group.formBar, { menuName, menuId: String(menuId), description: dashIfEmpty(description) }),
  };
}

/**
 * Every path of the web app, by route group, named once: the router, the links and the redirects
 * all take them from here. It sits in lib/ because features link to each other's screens and may
 * not import app/.
 */
export const paths = {
  home: '/',
  login: '/login',
  /** Where the company's identity provider sends people back after single sign-on. */
  loginSso: '/login/sso',
  create: '/create',
  /** Where the link of an e-mail confirmation mail leads (`?token=...`). */
  confirmEmail: '/confirm-email',
  /** Asking for a password-reset link by e-mail (offered only with e-mail configured). */
  forgotPassword: '/forgot-password',
  /** Where the link of a password-reset mail leads (`?token=...`). */
  resetPassword: '/reset-password',
  unauthorized: '/unauthorized',
  orderBar: '/order_bar',
  teamCredit: '/team-credit',
  /** A signed-in person's own page (any role): who they are, and where their notifications go. */
  profile: '/profile',
  /** What the cafe keeps about a person, why and for how long (public). */
  privacy: '/privacy',
  /**
   * A counter's pickup screen: its display link's token is all it has (no sign-in). The token
   * rides in the fragment, which no request, proxy or log ever sees; the screen sends it in a header.
   */
  pickupScreen: (token: string) => `${PICKUP_SCREEN}#${encodeURIComponent(token)}`,
  /** The menu inside LINE (a LIFF app): signs the person in by their linked LINE account. */
  line: '/line',
  /** The open coffee runs of the person's site, and starting one (any signed-in person). */
  runs: '/runs',
  /** One coffee run, as its shared link opens it. */
  run: (runId: Id) => generatePath(patterns.run, { runId: String(runId) }),
  /** A path of the cafe menu or order form that adds the chosen drink to run `runId`. */
  withRun: (path: string, runId: Id) => `${path}?${RUN_PARAM}=${encodeURIComponent(String(runId))}`,

  user: {
    menuCafe: '/menuCafe',
    menucafe: '/menucafe',
    menuBar: '/menubar',
    statusOrder: '/statusOrder',
    ordered: '/ordered',
    closeAll: '/close-all',
    ...formPaths(patterns.user),
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
    openingHours: '/opening-hours-admin',
    sites: '/sites-admin',
    /** The notification outbox's health. */
    notifications: '/notifications-admin',
    /** The audit log of administrative actions. */
    audit: '/audit-admin',
    /** The chat channels (Slack, LINE, Teams): on or not, their settings set or not, their people. */
    chatChannels: '/chat-channels-admin',
    /** The pickup screens' links of the staff site chosen on this device. */
    pickupScreens: '/pickup-screens-admin',
    ...formPaths(patterns.admin),
  },

  barista: {
    ordering: '/ordering',
    history: '/history',
    menuManagement: '/menuManagement',
    categoryMenu: (categoryName: string, categoryId: Id) =>
      generatePath(patterns.barista.categoryMenu, { categoryName, categoryId: String(categoryId) }),
    editMenu: (menuId: Id) => generatePath(patterns.barista.editMenu, { menuId: String(menuId) }),
    editCategory: (categoryId: Id) => generatePath(patterns.barista.editCategory, { categoryId: String(categoryId) }),
    addMenu: (categoryId: Id) => generatePath(patterns.barista.addMenu, { categoryId: String(categoryId) }),
    addCategory: '/add-category',
    dashboardCafe: '/dashboard-cafe',
    dashboardBar: '/dashboard-bar',
    openingHours: '/opening-hours',
    /** The pickup screens' links of the staff site chosen on this device. */
    pickupScreens: '/pickup-screens',
  },
} as const;

/** The paths a customer uses: admins get the -admin variants, everyone else (visitors too) the user ones. */
export function customerPaths(role: Role | undefined) {
  return role === 'admin' ? paths.admin : paths.user;
}

/**
 * Where a signed-in person lands: a barista on /ordering; others by venue state (bar only:
 * /order_bar; both closed: close-all; cafe only: the cafe menu, a user's /statusOrder after
 * login). Admin uses the real bar and cafe flags (the specification notes its own start-up
 * defect there; we take the sensible reading).
 */
export function landingPath(role: Role, status: CafeStatus, moment: 'startup' | 'login'): string {
  if (role === 'barista') return paths.barista.ordering;
  const p = customerPaths(role);
  const mode = shopModeOf(status);
  if (mode === 'bar-open') return paths.orderBar;
  if (mode === 'all-close') return p.closeAll;
  if (role === 'admin') return p.menuCafe;
  return moment === 'startup' ? paths.user.menucafe : paths.user.statusOrder;
}

/**
 * Where the logo leads: bar only -> /order_bar, cafe only -> My orders, both closed -> close-all;
 * a barista's to /ordering.
 */
export function logoPath(role: Role, status: CafeStatus): string {
  if (role === 'barista') return paths.barista.ordering;
  const p = customerPaths(role);
  const mode = shopModeOf(status);
  if (mode === 'bar-open') return paths.orderBar;
  if (mode === 'cafe-open') return p.statusOrder;
  return p.closeAll;
}

/**
 * "Home" of a signed-in person: the error screen's Back to home, the denied page's link and the
 * redirect of a signed-in person who opens /login: /statusOrder, /statusOrder-admin for admins, /ordering for baristas.
 */
export function homePath(role: Role): string {
  if (role === 'admin') return paths.admin.statusOrder;
  if (role === 'user') return paths.user.statusOrder;
  return paths.barista.ordering;
}

/** A visitor's account pages: signing in, registering, confirming an address, resetting a password. */
export const ACCOUNT_PATHS: readonly string[] = [
  paths.login,
  paths.loginSso,
  paths.create,
  paths.confirmEmail,
  paths.forgotPassword,
  paths.resetPassword,
];

/** Routes anyone may open without signing in: the public group. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.home,
  ...ACCOUNT_PATHS,
  paths.unauthorized,
  paths.orderBar,
  paths.teamCredit,
  paths.privacy,
  // The menu inside LINE signs in by LINE: outside the app's frame, before anyone is signed in.
  paths.line,
  // Outside the app's frame and its start-up: a counter's screen, open to whoever has its link.
  PICKUP_SCREEN,
  patterns.pickupScreen,
];

/** Routes open to every signed-in person, whatever their role. */
export const SIGNED_IN_PATHS: readonly string[] = [paths.profile, patterns.chatLink, paths.runs, patterns.run];

/** A role's group of routes: the fixed paths of its part of `paths`, and its patterns. */
function groupRoutes(group: object, groupPatterns: Record<string, string>): string[] {
  const fixed = Object.values(group).filter((path): path is string => typeof path === 'string');
  return [...fixed, ...Object.values(groupPatterns)];
}

/** The route patterns of each role's group, open to that role only; the router table uses the same ones. */
export const ROLE_ROUTES: Record<Role, readonly string[]> = {
  user: groupRoutes(paths.user, patterns.user),
  admin: groupRoutes(paths.admin, patterns.admin),
  barista: groupRoutes(paths.barista, patterns.barista),
};

function pathnameOf(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? path;
}

/** Whether a signed-in person of `role` may open `path` (used for the "back to where you were" after login). */
export function isPathAllowed(role: Role, path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const pathname = pathnameOf(path);
  if (ACCOUNT_PATHS.includes(pathname)) return false;
  if (PUBLIC_PATHS.includes(pathname)) return true;
  // A chat's one-time link (Slack, LINE, Teams) or a shared coffee run: back to it after signing in.
  if (SIGNED_IN_PATHS.some((path) => matchPath({ path, caseSensitive: true }, pathname) !== null)) return true;
  return ROLE_ROUTES[role].some((pattern) => matchPath({ path: pattern, caseSensitive: true }, pathname) !== null);
}

/**
 * Screens that choose their own site (the dashboards' site, every site together; the staff site
 * of the opening hours and the pickup screens): the top bar's home-site switch stays off them, so
 * a screen shows one site choice, never two that disagree.
 */
export const OWN_SITE_CHOICE_PATHS: readonly string[] = [
  paths.admin.dashboard,
  paths.admin.dashboardBar,
  paths.admin.openingHours,
  paths.admin.pickupScreens,
];

/** Customer screens that only make sense while a venue is open: the menus and the order forms. */
const VENUE_SCREENS: readonly string[] = [
  paths.user.menuCafe,
  paths.user.menucafe,
  paths.user.menuBar,
  patterns.user.form,
  patterns.user.formBar,
  paths.admin.menuCafe,
  paths.admin.menuBar,
  patterns.admin.form,
  patterns.admin.formBar,
];

export function needsOpenVenue(pathname: string): boolean {
  return VENUE_SCREENS.some((pattern) => matchPath({ path: pattern, caseSensitive: true }, pathname) !== null);
}

export function isCloseAllPath(pathname: string): boolean {
  return pathname === paths.user.closeAll || pathname === paths.admin.closeAll;
}
