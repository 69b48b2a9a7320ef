import { ComingSoon } from '../../../components/coming-soon';

export function RegisterRoute() {
  return <ComingSoon title="Register" />;
}
