import { HouseFigures } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsHousePage() {
  return (
    <OpsShell title="House figures">
      <HouseFigures />
    </OpsShell>
  );
}
