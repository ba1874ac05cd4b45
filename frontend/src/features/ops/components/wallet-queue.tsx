// The deposit and withdrawal queue: filter by status, kind and user; process a request with one
// click, approve it (it moves money) or reject it only after a confirmation that shows the
// request and takes the remark (optional to approve, required to reject); the totals of what is
// shown.
import { useCallback, useEffect, useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { pageCount } from '@/components/pagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { notify } from '@/lib/notify';
import type { WalletRequest } from '@/types';
import { sumAmounts } from '@/utils/amount';
import { formatFixed, formatDateTime } from '@/utils/format';
import { decideWalletRequest, listWalletRequests, type Decision, type Page } from '../api';
import { RemarkDialog, type RemarkAction } from './remark-dialog';

const PAGE_SIZE = 20;
const REFRESH_MS = 5_000;
const STATUSES = ['Pending', 'In-Process', 'Approved', 'Rejected', 'All'] as const;

/** What an operator may do next with a request in this status. */
function decisionsFor(status: WalletRequest['status']): Decision[] {
  if (status === 'Pending') return ['process', 'approve', 'reject'];
  if (status === 'In-Process') return ['approve', 'reject'];
  return [];
}

const LABELS: Record<Decision, string> = { process: 'Process', approve: 'Approve', reject: 'Reject' };

export function WalletQueue() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('Pending');
  const [kind, setKind] = useState('all');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Page<WalletRequest> | null>(null);
  const user = useDebouncedValue(username.trim(), 300);

  const load = useCallback(async () => {
    try {
      const found = await listWalletRequests({ status: status === 'All' ? '' : status, kind: kind === 'all' ? '' : kind, username: user, page, limit: PAGE_SIZE });
      if (found) setResult(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, [status, kind, user, page]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const [confirming, setConfirming] = useState<RemarkAction | null>(null);

  const decide = async (request: WalletRequest, decision: Decision, remark: string): Promise<boolean> => {
    try {
      const message = await decideWalletRequest(request.id, decision, remark);
      if (message) notify.success(message);
      await load();
      return true;
    } catch (error) {
      notify.error((error as { message?: string }).message);
      return false;
    }
  };

  const ask = (request: WalletRequest, decision: Decision) => {
    if (decision === 'process') {
      void decide(request, decision, '');
      return;
    }
    const approve = decision === 'approve';
    setConfirming({
      title: `${LABELS[decision]} request #${request.id}?`,
      summary: <RequestSummary request={request} decision={decision} />,
      confirmLabel: LABELS[decision],
      confirmColor: approve ? 'primary' : 'error',
      required: !approve,
      remarkHelp: approve ? 'Optional: recorded with the approval.' : 'Required: the player sees why the request was rejected.',
      run: (remark) => decide(request, decision, remark),
    });
  };

  const columns: ReadonlyArray<DataColumn<WalletRequest>> = [
    { id: 'id', header: 'Id', render: (r) => r.id },
    { id: 'user', header: 'User', render: (r) => r.username },
    { id: 'kind', header: 'Kind', render: (r) => r.kind },
    { id: 'name', header: 'Method / account', minWidth: 140, render: (r) => r.name },
    { id: 'reference', header: 'Reference', render: (r) => r.reference },
    { id: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (r) => formatFixed(r.amount) },
    { id: 'status', header: 'Status', render: (r) => r.status },
    { id: 'at', header: 'Requested', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
    {
      id: 'decide',
      header: 'Decide',
      render: (r) => (
        <Stack direction="row" spacing={0.5}>
          {decisionsFor(r.status).map((decision) => (
            <Button key={decision} size="small" variant={decision === 'approve' ? 'contained' : 'outlined'} color={decision === 'reject' ? 'error' : 'primary'} onClick={() => ask(r, decision)}>
              {LABELS[decision]}
            </Button>
          ))}
        </Stack>
      ),
    },
  ];

  const rows = result?.rows ?? [];
  const sum = (k: WalletRequest['kind']) => sumAmounts(rows.filter((r) => r.kind === k).map((r) => r.amount));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField select size="small" label="Status" value={status} onChange={(e) => { setStatus(e.target.value as (typeof STATUSES)[number]); setPage(1); }} sx={{ minWidth: 150 }}>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Kind" value={kind} onChange={(e) => { setKind(e.target.value); setPage(1); }} sx={{ minWidth: 150 }}>
          <MenuItem value="all">All</MenuItem>
          <MenuItem value="deposit">Deposit</MenuItem>
          <MenuItem value="withdraw">Withdraw</MenuItem>
        </TextField>
        <TextField size="small" label="Username" value={username} onChange={(e) => { setUsername(e.target.value); setPage(1); }} />
      </Stack>
      <Typography variant="body2" data-testid="queue-totals">
        On this page: deposits {formatFixed(sum('deposit'))}, withdrawals {formatFixed(sum('withdraw'))}
      </Typography>
      <DataTable label="Wallet requests" columns={columns} rows={rows} rowKey={(r) => r.id} loading={result === null} rowProps={(r) => ({ 'data-request-id': String(r.id) })} />
      <TablePager page={page} pageSize={PAGE_SIZE} total={result?.total ?? 0} totalPages={pageCount(result?.total ?? 0, PAGE_SIZE)} onPageChange={setPage} />
      <RemarkDialog action={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

/** The request a decision is about, and what the decision does with the money. */
function RequestSummary({ request, decision }: { request: WalletRequest; decision: Decision }) {
  const deposit = request.kind === 'deposit';
  const effect =
    decision === 'approve'
      ? deposit
        ? `${formatFixed(request.amount)} is credited to ${request.username} now.`
        : `The held ${formatFixed(request.amount)} is paid out to ${request.username}.`
      : deposit
        ? 'Nothing is credited.'
        : `The held ${formatFixed(request.amount)} returns to ${request.username}'s balance.`;
  return (
    <Stack spacing={0.5} data-testid="request-summary">
      <Typography variant="body2">
        User: <strong>{request.username}</strong>
      </Typography>
      <Typography variant="body2">
        Kind: <strong>{deposit ? 'Deposit' : 'Withdrawal'}</strong> ({request.name})
      </Typography>
      <Typography variant="body2">
        Amount: <strong>{formatFixed(request.amount)}</strong>
      </Typography>
      {request.reference && <Typography variant="body2">Reference: {request.reference}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {effect}
      </Typography>
    </Stack>
  );
}
