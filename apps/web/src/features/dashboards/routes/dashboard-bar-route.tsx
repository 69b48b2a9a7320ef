import { Dashboard } from '@/features/dashboards/components/dashboard';

/** Dashboard for Bar (/dashboard-bar for baristas, /dashboard-admin-bar for admins). */
export function DashboardBarRoute() {
  return <Dashboard venue="bar" />;
}
