import { ComingSoon } from '../../../components/coming-soon';

export function BaristaHistoryRoute() {
  return <ComingSoon title="Barista History" />;
}
