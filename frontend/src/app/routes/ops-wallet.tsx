import { WalletQueue } from '@/features/ops';
import { OpsShell } from '../layout/ops-shell';

export default function OpsWalletPage() {
  return (
    <OpsShell title="Deposits and withdrawals">
      <WalletQueue />
    </OpsShell>
  );
}
