import { ComingSoon } from '../../../components/coming-soon';

export function DashboardCafeRoute() {
  return <ComingSoon title="Dashboard Cafe" />;
}
