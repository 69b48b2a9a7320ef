import { ComingSoon } from '../../../components/coming-soon';

export function BarFormRoute() {
  return <ComingSoon title="Bar Form" />;
}
