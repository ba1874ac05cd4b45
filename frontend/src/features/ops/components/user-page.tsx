// One account as operators see it: money now and over the log, bets, statements, wallet
// requests, sessions and logins, what operators did, and the actions (each with a remark).
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { AccountRow, ActivityRow, BetView, OpsActionRow, OpsSession, OpsTimelinePoint, OpsUserDetail, SettlementRow, WalletRequest } from '@/types';
import { formatFixed, formatDateTime } from '@/utils/format';
import { getTimeline, getUser } from '../api';
import { ActionDialog, type ActionKind } from './action-dialog';
import { Figure } from './figure';
import { MoneyChart } from './money-chart';

/** The page reads the account again this often, so bets and payments show up while it is open. */
const REFRESH_MS = 5_000;

const BETS: ReadonlyArray<DataColumn<BetView>> = [
  { id: 'placed', header: 'Placed', nowrap: true, render: (b) => formatDateTime(b.createdAt) },
  { id: 'event', header: 'Event', minWidth: 160, render: (b) => b.eventName },
  { id: 'market', header: 'Market', render: (b) => b.marketName },
  { id: 'selection', header: 'Selection', render: (b) => b.sectionName },
  { id: 'side', header: 'Side', render: (b) => b.betType },
  { id: 'rate', header: 'Rate', align: 'right', render: (b) => b.uRate },
  { id: 'stake', header: 'Stake', align: 'right', nowrap: true, render: (b) => formatFixed(b.amount) },
  { id: 'liability', header: 'Liability', align: 'right', nowrap: true, render: (b) => formatFixed(b.liability) },
  { id: 'ip', header: 'IP', render: (b) => b.ip },
];

const SETTLED: ReadonlyArray<DataColumn<SettlementRow>> = [
  { id: 'at', header: 'Settled', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
  { id: 'what', header: 'Event / market', minWidth: 200, render: (r) => r.remarks },
  { id: 'bets', header: 'Bets', align: 'right', render: (r) => r.betCount },
  { id: 'pl', header: 'P/L', align: 'right', nowrap: true, render: (r) => <Box component="span" sx={{ color: r.totalProfit < 0 ? 'error.main' : 'success.main' }}>{formatFixed(r.totalProfit)}</Box> },
  { id: 'balance', header: 'Balance', align: 'right', nowrap: true, render: (r) => formatFixed(r.pts) },
];

const ACCOUNT: ReadonlyArray<DataColumn<AccountRow>> = [
  { id: 'at', header: 'Date', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
  { id: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (r) => formatFixed(r.amount) },
  { id: 'balance', header: 'Balance', align: 'right', nowrap: true, render: (r) => formatFixed(r.pts) },
  { id: 'remark', header: 'Remark', minWidth: 200, render: (r) => r.remarks },
  { id: 'seq', header: 'Log #', align: 'right', render: (r) => r.seq },
];

const WALLET: ReadonlyArray<DataColumn<WalletRequest>> = [
  { id: 'id', header: 'Id', render: (r) => r.id },
  { id: 'kind', header: 'Kind', render: (r) => r.kind },
  { id: 'name', header: 'Method / account', render: (r) => r.name },
  { id: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (r) => formatFixed(r.amount) },
  { id: 'status', header: 'Status', render: (r) => r.status },
  { id: 'at', header: 'Requested', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
];

const SESSIONS: ReadonlyArray<DataColumn<OpsSession>> = [
  { id: 'id', header: 'Session', render: (s) => s.id },
  { id: 'kind', header: 'Kind', render: (s) => (s.current ? 'Browser' : 'Tool') },
  { id: 'expires', header: 'Ends unless refreshed', nowrap: true, render: (s) => formatDateTime(s.expiresAt) },
];

const ACTIVITY: ReadonlyArray<DataColumn<ActivityRow>> = [
  { id: 'at', header: 'Date', nowrap: true, render: (a) => formatDateTime(a.createdAt) },
  { id: 'type', header: 'Type', render: (a) => a.type },
  { id: 'ip', header: 'IP', render: (a) => a.ip },
];

const ACTIONS: ReadonlyArray<DataColumn<OpsActionRow>> = [
  { id: 'at', header: 'Date', nowrap: true, render: (a) => formatDateTime(a.createdAt) },
  { id: 'by', header: 'Operator', render: (a) => a.by },
  { id: 'action', header: 'Action', render: (a) => a.action },
  { id: 'remark', header: 'Remark', minWidth: 200, render: (a) => a.remark },
  { id: 'seq', header: 'Log #', align: 'right', render: (a) => a.seq },
];

const TABS = ['Open bets', 'Settled', 'Statement', 'Wallet', 'Sessions and logins', 'Operator actions'] as const;

export function UserPage({ username }: { username: string }) {
  const [detail, setDetail] = useState<OpsUserDetail | null>(null);
  const [timeline, setTimeline] = useState<OpsTimelinePoint[]>([]);
  const [tab, setTab] = useState(0);
  const [action, setAction] = useState<ActionKind | null>(null);

  const load = useCallback(async () => {
    try {
      const [user, points] = await Promise.all([getUser(username), getTimeline(username)]);
      if (user) setDetail(user);
      if (points) setTimeline(points);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, [username]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  if (!detail) return <Typography color="text.secondary">Loading {username}…</Typography>;
  const { user } = detail;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={4} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}>
          <Box>
            <Typography variant="h5" component="h1">
              {user.username}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
              <Chip size="small" label={user.role} />
              {user.bettingLocked && <Chip size="small" color="error" label="Betting locked" data-testid="betting-locked" />}
              {user.mustChangePassword && <Chip size="small" color="warning" label="Must change password" />}
            </Stack>
          </Box>
          <Figure label="Balance" value={formatFixed(user.balance)} testId="ops-balance" />
          <Figure label="Exposure" value={formatFixed(user.exposure)} testId="ops-exposure" />
          <Figure label="Available" value={formatFixed(user.balance - user.exposure)} testId="ops-available" />
          <Figure label="Sessions" value={String(user.sessions)} testId="ops-sessions" />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" color="success" onClick={() => setAction('credit')}>
            Credit
          </Button>
          <Button variant="contained" color="warning" onClick={() => setAction('debit')}>
            Debit
          </Button>
          {user.bettingLocked ? (
            <Button variant="outlined" onClick={() => setAction('unlock')}>
              Unlock betting
            </Button>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setAction('lock')}>
              Lock betting
            </Button>
          )}
          <Button variant="outlined" onClick={() => setAction('reset-password')}>
            Reset password
          </Button>
          <Button variant="outlined" disabled={user.sessions === 0} onClick={() => setAction('end-sessions')}>
            End sessions
          </Button>
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <MoneyChart points={timeline} />
      </Paper>
      <Paper sx={{ p: 1 }}>
        <Tabs value={tab} onChange={(_, next: number) => setTab(next)} variant="scrollable" scrollButtons="auto">
          {TABS.map((label, index) => (
            <Tab key={label} label={index === 0 ? `${label} (${detail.openBets.length})` : label} />
          ))}
        </Tabs>
        <Box sx={{ pt: 1 }}>
          {tab === 0 && <DataTable label="Open bets" columns={BETS} rows={detail.openBets} rowKey={(b) => b.betId} />}
          {tab === 1 && <DataTable label="Settled" columns={SETTLED} rows={detail.settled} rowKey={(r) => r.seq} />}
          {tab === 2 && <DataTable label="Statement" columns={ACCOUNT} rows={detail.accountRows} rowKey={(r) => r.seq} />}
          {tab === 3 && <DataTable label="Wallet requests" columns={WALLET} rows={detail.walletRequests} rowKey={(r) => r.id} />}
          {tab === 4 && (
            <Stack spacing={2}>
              <DataTable label="Sessions" columns={SESSIONS} rows={detail.sessions} rowKey={(s) => s.id} emptyText="No open session" />
              <DataTable label="Logins" columns={ACTIVITY} rows={detail.activity} rowKey={(a, i) => `${a.createdAt}-${i}`} />
            </Stack>
          )}
          {tab === 5 && <DataTable label="Operator actions" columns={ACTIONS} rows={detail.actions} rowKey={(a) => a.seq} />}
        </Box>
      </Paper>
      <ActionDialog username={user.username} kind={action} onClose={() => setAction(null)} onDone={() => void load()} />
    </Stack>
  );
}
