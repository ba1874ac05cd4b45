import { UserList } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsUsersPage() {
  return (
    <OpsShell title="Users">
      <UserList />
    </OpsShell>
  );
}
