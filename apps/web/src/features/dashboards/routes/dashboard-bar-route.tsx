import { ComingSoon } from '../../../components/coming-soon';

export function DashboardBarRoute() {
  return <ComingSoon title="Dashboard Bar" />;
}
