import { ComingSoon } from '../../../components/coming-soon';

export function CafeFormRoute() {
  return <ComingSoon title="Cafe Form" />;
}
