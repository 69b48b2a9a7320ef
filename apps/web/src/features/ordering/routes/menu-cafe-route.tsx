import { ComingSoon } from '../../../components/coming-soon';

export function MenuCafeRoute() {
  return <ComingSoon title="Menu Cafe" />;
}
