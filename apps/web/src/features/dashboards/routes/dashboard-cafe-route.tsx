import { Dashboard } from '@/features/dashboards/components/dashboard';

/** Dashboard for Cafe (/dashboard-cafe for baristas, /dashboard-admin for admins). */
export function DashboardCafeRoute() {
  return <Dashboard venue="cafe" />;
}
