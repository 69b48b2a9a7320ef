import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, patterns } from '@/lib/paths';
import { AppShell } from './app-shell';
import { RequireRole } from './guards';
import { ErrorScreen } from './error-screen';
import { RootRoute } from './root-route';

/** A route whose screen is loaded on first visit (the bundle is split by route). */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const auth = () => import('@/features/auth/routes');
const info = () => import('@/features/info/routes');
const orderAhead = () => import('@/features/order-ahead/routes');
const barista = () => import('@/features/barista/routes');
const management = () => import('@/features/management/routes');
const users = () => import('@/features/users/routes');
const dashboards = () => import('@/features/dashboards/routes');

const unauthorizedCatchAll: RouteObject = { path: '*', lazy: lazyScreen(info, (m) => m.UnauthorizedRoute) };

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    ErrorBoundary: ErrorScreen,
    children: [
      // Public: no sign-in check.
      { path: paths.login, lazy: lazyScreen(auth, (m) => m.LoginRoute) },
      { path: paths.create, lazy: lazyScreen(auth, (m) => m.RegisterRoute) },
      {
        Component: AppShell,
        children: [
          { path: paths.unauthorized, lazy: lazyScreen(info, (m) => m.UnauthorizedRoute) },
          { path: paths.home, lazy: lazyScreen(orderAhead, (m) => m.MenuCafeRoute) },
          { path: paths.orderBar, lazy: lazyScreen(orderAhead, (m) => m.MenuBarRoute) },
          { path: paths.teamCredit, lazy: lazyScreen(info, (m) => m.TeamCreditRoute) },
          {
            element: <RequireRole role="user" />,
            children: [
              { path: paths.user.menuCafe, lazy: lazyScreen(orderAhead, (m) => m.MenuCafeRoute) },
              { path: paths.user.menucafe, lazy: lazyScreen(orderAhead, (m) => m.MenuCafeRoute) },
              { path: paths.user.menuBar, lazy: lazyScreen(orderAhead, (m) => m.MenuBarRoute) },
              { path: paths.user.statusOrder, lazy: lazyScreen(orderAhead, (m) => m.StatusOrderRoute) },
              { path: paths.user.ordered, lazy: lazyScreen(orderAhead, (m) => m.OrderHistoryRoute) },
              { path: paths.user.closeAll, lazy: lazyScreen(info, (m) => m.CloseAllRoute) },
              { path: patterns.user.form, lazy: lazyScreen(orderAhead, (m) => m.CafeFormRoute) },
              { path: patterns.user.formBar, lazy: lazyScreen(orderAhead, (m) => m.BarFormRoute) },
            ],
          },
          {
            element: <RequireRole role="admin" />,
            children: [
              { path: paths.admin.menuCafe, lazy: lazyScreen(orderAhead, (m) => m.MenuCafeRoute) },
              { path: paths.admin.menuBar, lazy: lazyScreen(orderAhead, (m) => m.MenuBarRoute) },
              { path: paths.admin.statusOrder, lazy: lazyScreen(orderAhead, (m) => m.StatusOrderRoute) },
              { path: paths.admin.ordered, lazy: lazyScreen(orderAhead, (m) => m.OrderHistoryRoute) },
              { path: paths.admin.dashboard, lazy: lazyScreen(dashboards, (m) => m.DashboardCafeRoute) },
              { path: paths.admin.dashboardBar, lazy: lazyScreen(dashboards, (m) => m.DashboardBarRoute) },
              { path: paths.admin.userManagement, lazy: lazyScreen(users, (m) => m.UserManagementRoute) },
              { path: paths.admin.userManagementBar, lazy: lazyScreen(users, (m) => m.UserManagementRoute) },
              { path: patterns.admin.form, lazy: lazyScreen(orderAhead, (m) => m.CafeFormRoute) },
              {
                path: patterns.admin.formBar,
                lazy: lazyScreen(orderAhead, (m) => m.BarFormRoute),
              },
              { path: paths.admin.closeAll, lazy: lazyScreen(info, (m) => m.CloseAllRoute) },
            ],
          },
          {
            element: <RequireRole role="barista" />,
            children: [
              { path: paths.barista.ordering, lazy: lazyScreen(barista, (m) => m.OrderBoardRoute) },
              { path: paths.barista.history, lazy: lazyScreen(barista, (m) => m.BaristaHistoryRoute) },
              { path: paths.barista.menuManagement, lazy: lazyScreen(management, (m) => m.MenuManagementRoute) },
              {
                path: patterns.barista.categoryMenu,
                lazy: lazyScreen(management, (m) => m.CategoryMenuRoute),
              },
              { path: patterns.barista.editMenu, lazy: lazyScreen(management, (m) => m.EditMenuRoute) },
              { path: patterns.barista.editCategory, lazy: lazyScreen(management, (m) => m.EditCategoryRoute) },
              { path: patterns.barista.addMenu, lazy: lazyScreen(management, (m) => m.AddMenuRoute) },
              { path: paths.barista.addCategory, lazy: lazyScreen(management, (m) => m.AddCategoryRoute) },
              { path: paths.barista.dashboardCafe, lazy: lazyScreen(dashboards, (m) => m.DashboardCafeRoute) },
              { path: paths.barista.dashboardBar, lazy: lazyScreen(dashboards, (m) => m.DashboardBarRoute) },
            ],
          },
          unauthorizedCatchAll,
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
