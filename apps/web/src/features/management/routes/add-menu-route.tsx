import { ComingSoon } from '../../../components/coming-soon';

export function AddMenuRoute() {
  return <ComingSoon title="Add Menu" />;
}
