import { ComingSoon } from '../../../components/coming-soon';

export function TeamCreditRoute() {
  return <ComingSoon title="Team Credit" />;
}
