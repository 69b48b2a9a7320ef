import { ComingSoon } from '../../../components/coming-soon';

export function CategoryMenuRoute() {
  return <ComingSoon title="Category Menu" />;
}
