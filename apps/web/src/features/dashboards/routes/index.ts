// Route screens of the dashboards feature (lazy-loaded by the router).
export { DashboardCafeRoute } from './dashboard-cafe-route';
export { DashboardBarRoute } from './dashboard-bar-route';
