import { AuditPage } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsAuditPage() {
  return (
    <OpsShell title="Audit and time travel">
      <AuditPage />
    </OpsShell>
  );
}
