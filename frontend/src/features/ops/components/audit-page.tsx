// Time travel (issue 14): the ledger as it was at a moment (a time or a log number), every
// account's balance, exposure and open bets then; the log's events around it, filtered and
// exported as JSON lines; and the invariant check over the whole log.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { pageCount } from '@/components/pagination';
import { notify } from '@/lib/notify';
import type { AuditCheck, AuditReport, BetView, OpsEventRow, OpsMoment } from '@/types';
import { formatDateTime, formatFixed } from '@/utils/format';
import { exportEvents, getMoment, listEvents, verifyLedger, type EventsQuery, type MomentQuery } from '../api';

const EVENTS_PAGE = 25;

type MomentUser = OpsMoment['users'][number];
type OpenBet = BetView & { username: string };

const USERS: ReadonlyArray<DataColumn<MomentUser>> = [
  { id: 'username', header: 'Username', render: (u) => u.username },
  { id: 'balance', header: 'Balance', align: 'right', nowrap: true, render: (u) => formatFixed(u.balance) },
  { id: 'exposure', header: 'Exposure', align: 'right', nowrap: true, render: (u) => formatFixed(u.exposure) },
  { id: 'bets', header: 'Open bets', align: 'right', render: (u) => u.openBets.length },
];

const BETS: ReadonlyArray<DataColumn<OpenBet>> = [
  { id: 'user', header: 'User', render: (b) => b.username },
  { id: 'placed', header: 'Placed', nowrap: true, render: (b) => formatDateTime(b.createdAt) },
  { id: 'event', header: 'Event / market', minWidth: 180, render: (b) => `${b.eventName} / ${b.marketName}` },
  { id: 'selection', header: 'Selection', render: (b) => `${b.sectionName} (${b.betType})` },
  { id: 'rate', header: 'Rate', align: 'right', render: (b) => b.uRate },
  { id: 'stake', header: 'Stake', align: 'right', nowrap: true, render: (b) => formatFixed(b.amount) },
];

const EVENTS: ReadonlyArray<DataColumn<OpsEventRow>> = [
  { id: 'seq', header: 'Log #', align: 'right', render: (e) => e.seq },
  { id: 'at', header: 'Time', nowrap: true, render: (e) => formatDateTime(e.atMs) },
  { id: 'kind', header: 'Kind', render: (e) => e.kind },
  { id: 'user', header: 'User', render: (e) => e.username ?? '' },
  { id: 'by', header: 'Operator', render: (e) => e.by ?? '' },
  {
    id: 'detail',
    header: 'Detail',
    minWidth: 280,
    render: (e) => (
      <Box component="code" sx={{ fontSize: 11, wordBreak: 'break-all' }}>
        {JSON.stringify(e.detail)}
      </Box>
    ),
  },
];

const CHECKS: ReadonlyArray<DataColumn<AuditCheck>> = [
  { id: 'pass', header: 'Result', render: (c) => <Chip size="small" color={c.pass ? 'success' : 'error'} label={c.pass ? 'Pass' : 'Fail'} /> },
  { id: 'name', header: 'Invariant', minWidth: 240, render: (c) => c.name },
  { id: 'checked', header: 'Checked', align: 'right', render: (c) => c.checked },
  { id: 'first', header: 'First failure', minWidth: 200, render: (c) => c.failures[0] ?? '' },
];

const number = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

function Moment() {
  const [when, setWhen] = useState('');
  const [seq, setSeq] = useState('');
  const [username, setUsername] = useState('');
  const [moment, setMoment] = useState<OpsMoment | null>(null);
  const [busy, setBusy] = useState(false);

  const travel = async () => {
    const query: MomentQuery = {};
    if (seq.trim()) query.seq = number(seq);
    if (when) query.at = new Date(when).toISOString();
    if (username.trim()) query.username = username.trim();
    setBusy(true);
    try {
      const found = await getMoment(query);
      if (found) setMoment(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    } finally {
      setBusy(false);
    }
  };

  const bets: OpenBet[] = (moment?.users ?? []).flatMap((u) => u.openBets.map((b) => ({ ...b, username: u.username })));
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        The ledger at a moment
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2, alignItems: 'center' }}>
        <TextField size="small" type="datetime-local" label="Date and time" value={when} onChange={(e) => setWhen(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} />
        <TextField size="small" label="Log #" value={seq} onChange={(e) => setSeq(e.target.value.replace(/\D/g, ''))} sx={{ width: 120 }} />
        <TextField size="small" label="Username (optional)" value={username} onChange={(e) => setUsername(e.target.value)} />
        <Button variant="contained" disabled={busy} onClick={() => void travel()}>
          Travel
        </Button>
      </Stack>
      {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Replaying the log" />}
      {moment && (
        <Stack spacing={2} sx={{ mt: 2 }} data-testid="moment" data-seq={moment.seq}>
          <Typography variant="body2">
            After log #{moment.seq}
            {moment.atMs > 0 ? `, written ${formatDateTime(moment.atMs)}` : ' (before the first event)'}
          </Typography>
          <DataTable label="Accounts then" columns={USERS} rows={moment.users} rowKey={(u) => u.username} rowProps={(u) => ({ 'data-username': u.username })} />
          <DataTable label="Open bets then" columns={BETS} rows={bets} rowKey={(b) => b.betId} emptyText="No open bet at that moment" />
        </Stack>
      )}
    </Paper>
  );
}

function Events() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState('');
  const [query, setQuery] = useState<EventsQuery>({ username: '', kind: '' });
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ rows: OpsEventRow[]; total: number } | null>(null);

  const load = useCallback(async () => {
    try {
      const found = await listEvents(query, page, EVENTS_PAGE);
      if (found) setResult(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, [query, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const apply = () => {
    setQuery({ fromSeq: number(from), toSeq: number(to), username: username.trim(), kind: kind.trim() });
    setPage(1);
  };

  const download = async () => {
    try {
      const blob = await exportEvents(query);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'events.jsonl';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Events
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2, mb: 2 }}>
        <TextField size="small" label="From #" value={from} onChange={(e) => setFrom(e.target.value.replace(/\D/g, ''))} sx={{ width: 110 }} />
        <TextField size="small" label="To #" value={to} onChange={(e) => setTo(e.target.value.replace(/\D/g, ''))} sx={{ width: 110 }} />
        <TextField size="small" label="User" value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField size="small" label="Kind" placeholder="BetPlaced" value={kind} onChange={(e) => setKind(e.target.value)} />
        <Button variant="contained" onClick={apply}>
          Filter
        </Button>
        <Button variant="outlined" onClick={() => void download()}>
          Export JSON lines
        </Button>
      </Stack>
      <DataTable label="Events" columns={EVENTS} rows={result?.rows ?? []} rowKey={(e) => e.seq} loading={result === null} rowProps={(e) => ({ 'data-kind': e.kind })} />
      <TablePager page={page} pageSize={EVENTS_PAGE} total={result?.total ?? 0} totalPages={pageCount(result?.total ?? 0, EVENTS_PAGE)} onPageChange={setPage} />
    </Paper>
  );
}

function Invariants() {
  const [report, setReport] = useState<AuditReport | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    setReport(null);
    try {
      const found = await verifyLedger();
      if (found) setReport(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    } finally {
      setBusy(false);
    }
  };

  const passed = report?.checks.every((c) => c.pass);
  const broken = report?.checks.find((c) => !c.pass);
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          Invariant check
        </Typography>
        <Button variant="contained" disabled={busy} onClick={() => void run()}>
          Run invariant check
        </Button>
        {report && (
          <Chip data-testid="audit-result" color={passed ? 'success' : 'error'} label={passed ? `All invariants hold over ${report.events} events` : `Broken: ${broken?.name ?? ''}`} />
        )}
      </Stack>
      {busy && <LinearProgress aria-label="Checking the log" />}
      {broken && <Typography color="error">First broken: {broken.failures[0] ?? broken.name}</Typography>}
      {report && <DataTable label="Invariants" columns={CHECKS} rows={report.checks} rowKey={(c) => c.name} />}
    </Paper>
  );
}

export function AuditPage() {
  return (
    <Stack spacing={2}>
      <Moment />
      <Invariants />
      <Events />
    </Stack>
  );
}
