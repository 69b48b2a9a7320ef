import { ComingSoon } from '../../../components/coming-soon';

export function EditMenuRoute() {
  return <ComingSoon title="Edit Menu" />;
}
