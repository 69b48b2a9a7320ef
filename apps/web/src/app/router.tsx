import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { RequireRole } from './guards';
import { ErrorScreen } from './error-screen';
import { RootRoute } from './root-route';

/** A route whose screen is loaded on first visit (the bundle is split by route). */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const auth = () => import('../features/auth/routes');
const info = () => import('../features/info/routes');
const ordering = () => import('../features/ordering/routes');
const barista = () => import('../features/barista/routes');
const management = () => import('../features/management/routes');
const users = () => import('../features/users/routes');
const dashboards = () => import('../features/dashboards/routes');

const unauthorizedCatchAll: RouteObject = { path: '*', lazy: lazyScreen(info, (m) => m.UnauthorizedRoute) };

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    ErrorBoundary: ErrorScreen,
    children: [
      // Public: no sign-in check.
      { path: '/login', lazy: lazyScreen(auth, (m) => m.LoginRoute) },
      { path: '/create', lazy: lazyScreen(auth, (m) => m.RegisterRoute) },
      {
        Component: AppLayout,
        children: [
          { path: '/unauthorized', lazy: lazyScreen(info, (m) => m.UnauthorizedRoute) },
          { path: '/', lazy: lazyScreen(ordering, (m) => m.MenuCafeRoute) },
          { path: '/order_bar', lazy: lazyScreen(ordering, (m) => m.MenuBarRoute) },
          { path: '/team-credit', lazy: lazyScreen(info, (m) => m.TeamCreditRoute) },
          {
            element: <RequireRole role="user" />,
            children: [
              { path: '/menuCafe', lazy: lazyScreen(ordering, (m) => m.MenuCafeRoute) },
              { path: '/menucafe', lazy: lazyScreen(ordering, (m) => m.MenuCafeRoute) },
              { path: '/menubar', lazy: lazyScreen(ordering, (m) => m.MenuBarRoute) },
              { path: '/statusOrder', lazy: lazyScreen(ordering, (m) => m.StatusOrderRoute) },
              { path: '/ordered', lazy: lazyScreen(ordering, (m) => m.OrderHistoryRoute) },
              { path: '/close-all', lazy: lazyScreen(info, (m) => m.CloseAllRoute) },
              { path: '/form/:menuName/:menuId', lazy: lazyScreen(ordering, (m) => m.CafeFormRoute) },
              { path: '/form-bar/:menuName/:menuId/:description', lazy: lazyScreen(ordering, (m) => m.BarFormRoute) },
            ],
          },
          {
            element: <RequireRole role="admin" />,
            children: [
              { path: '/menuCafe-admin', lazy: lazyScreen(ordering, (m) => m.MenuCafeRoute) },
              { path: '/menubar-admin', lazy: lazyScreen(ordering, (m) => m.MenuBarRoute) },
              { path: '/statusOrder-admin', lazy: lazyScreen(ordering, (m) => m.StatusOrderRoute) },
              { path: '/ordered-admin', lazy: lazyScreen(ordering, (m) => m.OrderHistoryRoute) },
              { path: '/dashboard-admin', lazy: lazyScreen(dashboards, (m) => m.DashboardCafeRoute) },
              { path: '/dashboard-admin-bar', lazy: lazyScreen(dashboards, (m) => m.DashboardBarRoute) },
              { path: '/userManagement', lazy: lazyScreen(users, (m) => m.UserManagementRoute) },
              { path: '/userManagement-bar', lazy: lazyScreen(users, (m) => m.UserManagementRoute) },
              { path: '/form-admin/:menuName/:menuId', lazy: lazyScreen(ordering, (m) => m.CafeFormRoute) },
              {
                path: '/form-bar-admin/:menuName/:menuId/:description',
                lazy: lazyScreen(ordering, (m) => m.BarFormRoute),
              },
              { path: '/close-all-admin', lazy: lazyScreen(info, (m) => m.CloseAllRoute) },
            ],
          },
          {
            element: <RequireRole role="barista" />,
            children: [
              { path: '/ordering', lazy: lazyScreen(barista, (m) => m.OrderBoardRoute) },
              { path: '/history', lazy: lazyScreen(barista, (m) => m.BaristaHistoryRoute) },
              { path: '/menuManagement', lazy: lazyScreen(management, (m) => m.MenuManagementRoute) },
              {
                path: '/menuManagement/:categoryName/:categoryId',
                lazy: lazyScreen(management, (m) => m.CategoryMenuRoute),
              },
              { path: '/edit-menu/:menuId', lazy: lazyScreen(management, (m) => m.EditMenuRoute) },
              { path: '/edit-category/:categoryId', lazy: lazyScreen(management, (m) => m.EditCategoryRoute) },
              { path: '/add-menu/:categoryId', lazy: lazyScreen(management, (m) => m.AddMenuRoute) },
              { path: '/add-category', lazy: lazyScreen(management, (m) => m.AddCategoryRoute) },
              { path: '/dashboard-cafe', lazy: lazyScreen(dashboards, (m) => m.DashboardCafeRoute) },
              { path: '/dashboard-bar', lazy: lazyScreen(dashboards, (m) => m.DashboardBarRoute) },
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
