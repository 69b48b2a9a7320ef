import { useStatsSites } from '@/features/dashboards/api/get-stats-sites';
import { Dashboard } from '@/features/dashboards/components/dashboard';

/** Dashboard for Bar (/dashboard-bar for baristas, /dashboard-admin-bar for admins). */
export function DashboardBarRoute() {
  const sites = useStatsSites();
  return <Dashboard venue="bar" sites={sites} />;
}
