import { useStatsSites } from '@/features/dashboards/api/get-stats-sites';
import { Dashboard } from '@/features/dashboards/components/dashboard';

/** Dashboard for Cafe (/dashboard-cafe for baristas, /dashboard-admin for admins). */
export function DashboardCafeRoute() {
  const sites = useStatsSites();
  return <Dashboard venue="cafe" sites={sites} />;
}
