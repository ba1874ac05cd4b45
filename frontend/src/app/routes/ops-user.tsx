import { useParams } from 'react-router';
import { UserPage } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsUserPage() {
  const { username = '' } = useParams();
  return (
    <OpsShell title="User">
      <UserPage key={username} username={username} />
    </OpsShell>
  );
}
