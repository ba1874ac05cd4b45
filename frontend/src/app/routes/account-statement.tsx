import { AccountStatement } from '@/features/reports';

export default function AccountStatementPage() {
  return <AccountStatement />;
}
