import { ComingSoon } from '../../../components/coming-soon';

export function StatusOrderRoute() {
  return <ComingSoon title="Status Order" />;
}
