import { ComingSoon } from '../../../components/coming-soon';

export function MenuBarRoute() {
  return <ComingSoon title="Menu Bar" />;
}
