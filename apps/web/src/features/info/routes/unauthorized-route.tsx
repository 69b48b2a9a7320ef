import { ComingSoon } from '../../../components/coming-soon';

export function UnauthorizedRoute() {
  return <ComingSoon title="Unauthorized" />;
}
