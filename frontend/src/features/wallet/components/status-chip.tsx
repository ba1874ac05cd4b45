import { Chip } from '@mui/material';
import type { WalletRequest } from '@/types';

const COLOURS: Record<WalletRequest['status'], 'warning' | 'info' | 'success' | 'error'> = {
  Pending: 'warning',
  'In-Process': 'info',
  Approved: 'success',
  Rejected: 'error',
};

export function StatusChip({ status }: { status: WalletRequest['status'] }) {
  return <Chip size="small" label={status} color={COLOURS[status] ?? 'default'} variant="filled" />;
}
