import { Suspense } from 'react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { meQueryOptions } from '@/api/me';
import { settingsQueryOptions } from '@/api/settings';
import { paths, patterns, PICKUP_SCREEN } from '@/lib/paths';
import { tokenStorage } from '@/lib/storage-keys';
import { StaffSiteScope } from '@/components/layout/staff-site-scope';
import { LoginRoute } from '@/features/auth/routes/login-route';
import { categoriesQueryOptions } from '@/features/order-ahead/api/get-categories';
import { orderCountQueryOptions } from '@/features/order-ahead/api/get-order-count';
import { menuVerdictsQueryOptions } from '@/features/order-ahead/api/get-menu-verdicts';
import { RequireRole, RequireSignedIn } from './guards';
import { queryClient } from './query-client';
import { lazyScreen, preloadScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error-boundary';
import { LoadingScreen, RootRoute } from './root-route';

/*
 * The router is React Router's declarative one (BrowserRouter + useRoutes), not its data router:
 * the app loads no data through routes, and the data router's engine is 15 kB gzip of the first
 * screen (docs/decisions/0015-first-screen.md). Every screen is its own chunk, loaded on first
 * visit; navigations are transitions, so the old screen stays until the new one has loaded.
 */

/**
 * The cafe menu is the first screen of most people: its items, their verdicts, and a signed-in
 * person's "Ordered n/2", load with its code (so the badge is there with the menu, instead of
 * pushing it down later).
 */
const prefetchCafeMenu = () => {
  void queryClient.prefetchQuery(categoriesQueryOptions('cafe'));
  // What the door says of each item: the menu shows its items with it.
  void queryClient.prefetchQuery(menuVerdictsQueryOptions('cafe'));
  if (tokenStorage.getAccess()) void queryClient.prefetchQuery(orderCountQueryOptions());
};

// The frame of every screen but the sign-in ones: /login shows without it.
const AppShell = lazyScreen('common', () => import('./app-shell').then((m) => m.AppShell));
// Where the identity provider sends people back: rare, and it needs the contract's schemas.
const LoginSso = lazyScreen('auth', () =>
  import('@/features/auth/routes/login-sso-route').then((m) => m.LoginSsoRoute),
);
const Register = lazyScreen('auth', () => import('@/features/auth/routes/register-route').then((m) => m.RegisterRoute));
// Where the link of a confirmation mail leads: rare, and often the first screen on that device.
const ConfirmEmail = lazyScreen('auth', () =>
  import('@/features/auth/routes/confirm-email-route').then((m) => m.ConfirmEmailRoute),
);
// Forgotten passwords: rare, loaded on demand.
const ForgotPassword = lazyScreen('auth', () =>
  import('@/features/auth/routes/forgot-password-route').then((m) => m.ForgotPasswordRoute),
);
const ResetPassword = lazyScreen('auth', () =>
  import('@/features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
);
const Unauthorized = lazyScreen('info', () =>
  import('@/features/info/routes/unauthorized-route').then((m) => m.UnauthorizedRoute),
);
const TeamCredit = lazyScreen('info', () =>
  import('@/features/info/routes/team-credit-route').then((m) => m.TeamCreditRoute),
);
const Privacy = lazyScreen('info', () => import('@/features/info/routes/privacy-route').then((m) => m.PrivacyRoute));
const CloseAll = lazyScreen('info', () =>
  import('@/features/info/routes/close-all-route').then((m) => m.CloseAllRoute),
);
const MenuCafe = lazyScreen(
  'order',
  () => import('@/features/order-ahead/routes/menu-cafe-route').then((m) => m.MenuCafeRoute),
  prefetchCafeMenu,
);
const MenuBar = lazyScreen('order', () =>
  import('@/features/order-ahead/routes/menu-bar-route').then((m) => m.MenuBarRoute),
);
const StatusOrder = lazyScreen('order', () =>
  import('@/features/order-ahead/routes/status-order-route').then((m) => m.StatusOrderRoute),
);
const OrderHistory = lazyScreen('order', () =>
  import('@/features/order-ahead/routes/order-history-route').then((m) => m.OrderHistoryRoute),
);
const CafeForm = lazyScreen('order', () =>
  import('@/features/order-ahead/routes/cafe-form-route').then((m) => m.CafeFormRoute),
);
const BarForm = lazyScreen('order', () =>
  import('@/features/order-ahead/routes/bar-form-route').then((m) => m.BarFormRoute),
);
const DashboardCafe = lazyScreen('dashboards', () =>
  import('@/features/dashboards/routes/dashboard-cafe-route').then((m) => m.DashboardCafeRoute),
);
const DashboardBar = lazyScreen('dashboards', () =>
  import('@/features/dashboards/routes/dashboard-bar-route').then((m) => m.DashboardBarRoute),
);
const UserManagement = lazyScreen('users', () =>
  import('@/features/users/routes/user-management-route').then((m) => m.UserManagementRoute),
);
const OrderBoard = lazyScreen('barista', () =>
  import('@/features/barista/routes/order-board-route').then((m) => m.OrderBoardRoute),
);
const BaristaHistory = lazyScreen('barista', () =>
  import('@/features/barista/routes/barista-history-route').then((m) => m.BaristaHistoryRoute),
);
const MenuManagement = lazyScreen('management', () =>
  import('@/features/management/routes/menu-management-route').then((m) => m.MenuManagementRoute),
);
const CategoryMenu = lazyScreen('management', () =>
  import('@/features/management/routes/category-menu-route').then((m) => m.CategoryMenuRoute),
);
const EditMenu = lazyScreen('management', () =>
  import('@/features/management/routes/edit-menu-route').then((m) => m.EditMenuRoute),
);
const EditCategory = lazyScreen('management', () =>
  import('@/features/management/routes/edit-category-route').then((m) => m.EditCategoryRoute),
);
const AddMenu = lazyScreen('management', () =>
  import('@/features/management/routes/add-menu-route').then((m) => m.AddMenuRoute),
);
const AddCategory = lazyScreen('management', () =>
  import('@/features/management/routes/add-category-route').then((m) => m.AddCategoryRoute),
);
const OpeningHours = lazyScreen('schedule', () =>
  import('@/features/schedule/routes/opening-hours-route').then((m) => m.OpeningHoursRoute),
);

const SitesAdmin = lazyScreen('sites', () =>
  import('@/features/sites/routes/sites-admin-route').then((m) => m.SitesAdminRoute),
);
const Profile = lazyScreen('notifications', () =>
  import('@/features/notifications/routes/profile-route').then((m) => m.ProfileRoute),
);
const NotificationsAdmin = lazyScreen('notifications', () =>
  import('@/features/notifications/routes/notifications-admin-route').then((m) => m.NotificationsAdminRoute),
);
const AuditAdmin = lazyScreen('audit', () =>
  import('@/features/audit/routes/audit-admin-route').then((m) => m.AuditAdminRoute),
);

// A counter's TV: outside the app's frame and start-up (no sign-in, no navigation, no main live channel).
const PickupScreen = lazyScreen('pickup', () =>
  import('@/features/pickup/routes/pickup-screen-route').then((m) => m.PickupScreenRoute),
);
const DisplayLinks = lazyScreen('pickup', () =>
  import('@/features/sites/routes/display-links-route').then((m) => m.DisplayLinksRoute),
);

// The chats: the menu inside LINE signs in by LINE; every chat's one-time links; the admins' page.
const LineLiff = lazyScreen('chat', () =>
  import('@/features/chat/routes/line-liff-route').then((m) => m.LineLiffRoute),
);
const ChatLink = lazyScreen('chat', () =>
  import('@/features/chat/routes/chat-link-route').then((m) => m.ChatLinkRoute),
);
const ChatChannelsAdmin = lazyScreen('chat', () =>
  import('@/features/chat/routes/chat-channels-admin-route').then((m) => m.ChatChannelsAdminRoute),
);

// Coffee runs: the open runs and starting one, and the run a shared link opens.
const Runs = lazyScreen('runs', () => import('@/features/runs/routes/runs-screen').then((m) => m.RunsScreen));

const unauthorizedCatchAll: RouteObject = { path: '*', Component: Unauthorized };

export const routes: RouteObject[] = [
  { path: PICKUP_SCREEN, Component: PickupScreen },
  { path: patterns.pickupScreen, Component: PickupScreen },
  {
    Component: RootRoute,
    children: [
      // Public: no sign-in check. The sign-in screen is not loaded on demand: every signed-out
      // visit lands there, and it is small.
      { path: paths.login, Component: LoginRoute },
      { path: paths.loginSso, Component: LoginSso },
      { path: paths.create, Component: Register },
      { path: paths.confirmEmail, Component: ConfirmEmail },
      { path: paths.forgotPassword, Component: ForgotPassword },
      { path: paths.resetPassword, Component: ResetPassword },
      { path: paths.line, Component: LineLiff },
      {
        Component: AppShell,
        children: [
          { path: paths.unauthorized, Component: Unauthorized },
          { path: paths.home, Component: MenuCafe },
          { path: paths.orderBar, Component: MenuBar },
          { path: paths.teamCredit, Component: TeamCredit },
          { path: paths.privacy, Component: Privacy },
          {
            element: <RequireSignedIn />,
            children: [
              { path: paths.profile, Component: Profile },
              { path: patterns.chatLink, Component: ChatLink },
              { path: paths.runs, Component: Runs },
              { path: patterns.run, Component: Runs },
            ],
          },
          {
            element: <RequireRole role="user" />,
            children: [
              { path: paths.user.menuCafe, Component: MenuCafe },
              { path: paths.user.menucafe, Component: MenuCafe },
              { path: paths.user.menuBar, Component: MenuBar },
              { path: paths.user.statusOrder, Component: StatusOrder },
              { path: paths.user.ordered, Component: OrderHistory },
              { path: paths.user.closeAll, Component: CloseAll },
              { path: patterns.user.form, Component: CafeForm },
              { path: patterns.user.formBar, Component: BarForm },
            ],
          },
          {
            element: <RequireRole role="admin" />,
            children: [
              { path: paths.admin.menuCafe, Component: MenuCafe },
              { path: paths.admin.menuBar, Component: MenuBar },
              { path: paths.admin.statusOrder, Component: StatusOrder },
              { path: paths.admin.ordered, Component: OrderHistory },
              { path: paths.admin.dashboard, Component: DashboardCafe },
              { path: paths.admin.dashboardBar, Component: DashboardBar },
              { path: paths.admin.userManagement, Component: UserManagement },
              { path: paths.admin.userManagementBar, Component: UserManagement },
              { path: patterns.admin.form, Component: CafeForm },
              { path: patterns.admin.formBar, Component: BarForm },
              { path: paths.admin.closeAll, Component: CloseAll },
              // The hours of the staff site chosen on this device.
              {
                element: <StaffSiteScope />,
                children: [
                  { path: paths.admin.openingHours, Component: OpeningHours },
                  { path: paths.admin.pickupScreens, Component: DisplayLinks },
                ],
              },
              { path: paths.admin.sites, Component: SitesAdmin },
              { path: paths.admin.notifications, Component: NotificationsAdmin },
              { path: paths.admin.audit, Component: AuditAdmin },
              { path: paths.admin.chatChannels, Component: ChatChannelsAdmin },
            ],
          },
          {
            element: <RequireRole role="barista" />,
            children: [
              {
                // Every barista screen is about the staff site chosen on this device.
                element: <StaffSiteScope />,
                children: [
                  { path: paths.barista.ordering, Component: OrderBoard },
                  { path: paths.barista.history, Component: BaristaHistory },
                  { path: paths.barista.menuManagement, Component: MenuManagement },
                  { path: patterns.barista.categoryMenu, Component: CategoryMenu },
                  { path: patterns.barista.editMenu, Component: EditMenu },
                  { path: patterns.barista.editCategory, Component: EditCategory },
                  { path: patterns.barista.addMenu, Component: AddMenu },
                  { path: paths.barista.addCategory, Component: AddCategory },
                  { path: paths.barista.dashboardCafe, Component: DashboardCafe },
                  { path: paths.barista.dashboardBar, Component: DashboardBar },
                  { path: paths.barista.openingHours, Component: OpeningHours },
                  { path: paths.barista.pickupScreens, Component: DisplayLinks },
                ],
              },
            ],
          },
          unauthorizedCatchAll,
        ],
      },
    ],
  },
];

/**
 * Starts loading every lazy part of the screen at `pathname` (the frame and the screen, and the
 * screen's data) at once: each would otherwise wait for the one around it to load and render, and
 * at start-up all of them would wait for start-up authentication.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const Screen = match.route.Component;
    if (Screen) preloadScreen(Screen);
  }
}

/**
 * What the first screen waits for, asked for before React's first render rather than by the
 * components once they have rendered: the deployment's settings and the venue state (which
 * index.html has already asked for), who is signed in, and the screen's code and data.
 */
export function startFirstScreen(pathname: string): void {
  void queryClient.prefetchQuery(settingsQueryOptions());
  void queryClient.prefetchQuery(cafeStatusQueryOptions());
  void queryClient.prefetchQuery(meQueryOptions());
  preloadRoute(pathname);
}

function AppRoutes() {
  const location = useLocation();
  // During render, not in an effect: a navigation to a screen not loaded yet suspends and never
  // commits until it has loaded. Loads already started are not started again.
  preloadRoute(location.pathname);
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<LoadingScreen />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The app's routes in the browser's address bar. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
