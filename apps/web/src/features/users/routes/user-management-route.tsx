import { ComingSoon } from '../../../components/coming-soon';

export function UserManagementRoute() {
  return <ComingSoon title="User Management" />;
}
