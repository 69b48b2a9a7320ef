import { ComingSoon } from '../../../components/coming-soon';

export function EditCategoryRoute() {
  return <ComingSoon title="Edit Category" />;
}
