import { CasinoTables } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsCasinoPage() {
  return (
    <OpsShell title="Casino tables">
      <CasinoTables />
    </OpsShell>
  );
}
