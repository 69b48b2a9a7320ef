import { ComingSoon } from '../../../components/coming-soon';

export function AddCategoryRoute() {
  return <ComingSoon title="Add Category" />;
}
