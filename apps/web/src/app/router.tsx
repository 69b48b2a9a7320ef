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
const AppShell = lazyScreen(
  () => import('./app-shell'),
  (m) => m.AppShell,
  ['common'],
);
// Where the identity provider sends people back: rare, and it needs the contract's schemas.
const LoginSso = lazyScreen(
  () => import('@/features/auth/routes/login-sso-route'),
  (m) => m.LoginSsoRoute,
  ['auth'],
);
const Register = lazyScreen(
  () => import('@/features/auth/routes/register-route'),
  (m) => m.RegisterRoute,
  ['auth'],
);
// Where the link of a confirmation mail leads: rare, and often the first screen on that device.
const ConfirmEmail = lazyScreen(
  () => import('@/features/auth/routes/confirm-email-route'),
  (m) => m.ConfirmEmailRoute,
  ['auth'],
);
// Forgotten passwords: rare, loaded on demand.
const ForgotPassword = lazyScreen(
  () => import('@/features/auth/routes/forgot-password-route'),
  (m) => m.ForgotPasswordRoute,
  ['auth'],
);
const ResetPassword = lazyScreen(
  () => import('@/features/auth/routes/reset-password-route'),
  (m) => m.ResetPasswordRoute,
  ['auth', 'shared'],
);
const Unauthorized = lazyScreen(
  () => import('@/features/info/routes/unauthorized-route'),
  (m) => m.UnauthorizedRoute,
  ['info'],
);
const TeamCredit = lazyScreen(
  () => import('@/features/info/routes/team-credit-route'),
  (m) => m.TeamCreditRoute,
  ['info'],
);
const Privacy = lazyScreen(
  () => import('@/features/info/routes/privacy-route'),
  (m) => m.PrivacyRoute,
  ['info'],
);
const CloseAll = lazyScreen(
  () => import('@/features/info/routes/close-all-route'),
  (m) => m.CloseAllRoute,
  ['info'],
);
const MenuCafe = lazyScreen(
  () => import('@/features/order-ahead/routes/menu-cafe-route'),
  (m) => m.MenuCafeRoute,
  ['order'],
  prefetchCafeMenu,
);
const MenuBar = lazyScreen(
  () => import('@/features/order-ahead/routes/menu-bar-route'),
  (m) => m.MenuBarRoute,
  ['order'],
);
const StatusOrder = lazyScreen(
  () => import('@/features/order-ahead/routes/status-order-route'),
  (m) => m.StatusOrderRoute,
  ['order'],
);
const OrderHistory = lazyScreen(
  () => import('@/features/order-ahead/routes/order-history-route'),
  (m) => m.OrderHistoryRoute,
  ['order'],
);
const CafeForm = lazyScreen(
  () => import('@/features/order-ahead/routes/cafe-form-route'),
  (m) => m.CafeFormRoute,
  ['order'],
);
const BarForm = lazyScreen(
  () => import('@/features/order-ahead/routes/bar-form-route'),
  (m) => m.BarFormRoute,
  ['order'],
);
const DashboardCafe = lazyScreen(
  () => import('@/features/dashboards/routes/dashboard-cafe-route'),
  (m) => m.DashboardCafeRoute,
  ['dashboards'],
);
const DashboardBar = lazyScreen(
  () => import('@/features/dashboards/routes/dashboard-bar-route'),
  (m) => m.DashboardBarRoute,
  ['dashboards'],
);
const UserManagement = lazyScreen(
  () => import('@/features/users/routes/user-management-route'),
  (m) => m.UserManagementRoute,
  ['users'],
);
const OrderBoard = lazyScreen(
  () => import('@/features/barista/routes/order-board-route'),
  (m) => m.OrderBoardRoute,
  ['barista'],
);
const BaristaHistory = lazyScreen(
  () => import('@/features/barista/routes/barista-history-route'),
  (m) => m.BaristaHistoryRoute,
  ['barista'],
);
const MenuManagement = lazyScreen(
  () => import('@/features/management/routes/menu-management-route'),
  (m) => m.MenuManagementRoute,
  ['management'],
);
const CategoryMenu = lazyScreen(
  () => import('@/features/management/routes/category-menu-route'),
  (m) => m.CategoryMenuRoute,
  ['management'],
);
const EditMenu = lazyScreen(
  () => import('@/features/management/routes/edit-menu-route'),
  (m) => m.EditMenuRoute,
  ['management'],
);
const EditCategory = lazyScreen(
  () => import('@/features/management/routes/edit-category-route'),
  (m) => m.EditCategoryRoute,
  ['management'],
);
const AddMenu = lazyScreen(
  () => import('@/features/management/routes/add-menu-route'),
  (m) => m.AddMenuRoute,
  ['management'],
);
const AddCategory = lazyScreen(
  () => import('@/features/management/routes/add-category-route'),
  (m) => m.AddCategoryRoute,
  ['management'],
);
const OpeningHours = lazyScreen(
  () => import('@/features/schedule/routes/opening-hours-route'),
  (m) => m.OpeningHoursRoute,
  ['schedule'],
);

const SitesAdmin = lazyScreen(
  () => import('@/features/sites/routes/sites-admin-route'),
  (m) => m.SitesAdminRoute,
  ['sites'],
);
const Profile = lazyScreen(
  () => import('@/features/notifications/routes/profile-route'),
  (m) => m.ProfileRoute,
  ['notifications'],
);
const NotificationsAdmin = lazyScreen(
  () => import('@/features/notifications/routes/notifications-admin-route'),
  (m) => m.NotificationsAdminRoute,
  ['notifications'],
);
const AuditAdmin = lazyScreen(
  () => import('@/features/audit/routes/audit-admin-route'),
  (m) => m.AuditAdminRoute,
  ['audit'],
);

// A counter's TV: outside the app's frame and start-up (no sign-in, no navigation, no main live channel).
const PickupScreen = lazyScreen(
  () => import('@/features/pickup/routes/pickup-screen-route'),
  (m) => m.PickupScreenRoute,
  ['pickup'],
);
const DisplayLinks = lazyScreen(
  () => import('@/features/sites/routes/display-links-route'),
  (m) => m.DisplayLinksRoute,
  ['pickup'],
);

// The chats: the menu inside LINE signs in by LINE; every chat's one-time links; the admins' page.
const LineLiff = lazyScreen(
  () => import('@/features/chat/routes/line-liff-route'),
  (m) => m.LineLiffRoute,
  ['chat', 'people'],
);
const ChatLink = lazyScreen(
  () => import('@/features/chat/routes/chat-link-route'),
  (m) => m.ChatLinkRoute,
  ['chat'],
);
const ChatChannelsAdmin = lazyScreen(
  () => import('@/features/chat/routes/chat-channels-admin-route'),
  (m) => m.ChatChannelsAdminRoute,
  ['chat'],
);

// Coffee runs: the open runs and starting one, and the run a shared link opens.
const Runs = lazyScreen(
  () => import('@/features/runs/routes/runs-screen'),
  (m) => m.RunsScreen,
  ['runs'],
);

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
