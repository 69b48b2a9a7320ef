import { ComingSoon } from '../../../components/coming-soon';

export function LoginRoute() {
  return <ComingSoon title="Login" />;
}
