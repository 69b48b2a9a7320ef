import { ComingSoon } from '../../../components/coming-soon';

export function CloseAllRoute() {
  return <ComingSoon title="Close All" />;
}
