import { ComingSoon } from '../../../components/coming-soon';

export function OrderBoardRoute() {
  return <ComingSoon title="Order Board" />;
}
