import { ComingSoon } from '../../../components/coming-soon';

export function OrderHistoryRoute() {
  return <ComingSoon title="Order History" />;
}
