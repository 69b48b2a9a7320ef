import { ComingSoon } from '../../../components/coming-soon';

export function MenuManagementRoute() {
  return <ComingSoon title="Menu Management" />;
}
