// Time travel (issue 14): the ledger as it was at a moment (a time or a log number), every
// account's balance, exposure and open bets then; the log's events around it, filtered and
// exported as JSON lines; and the invariant check over the whole log.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { pageCount } from '@/components/pagination';
import { notify } from '@/lib/notify';
import type { AuditCheck, BetView, OpsEventRow, OpsMoment, OpsVerifyRun } from '@/types';
import { formatDateTime, formatFixed } from '@/utils/format';
import { parseInputDateTime } from '@/utils/parse-date';
import { exportEvents, getMoment, latestVerifyRun, listEvents, startVerifyRun, type EventsQuery, type MomentQuery } from '../api';

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

/** Events the list shows on each side of the moment travelled to. */
const AROUND = 10;

function Moment({ onTravel }: { onTravel: (seq: number) => void }) {
  const [when, setWhen] = useState('');
  const [seq, setSeq] = useState('');
  const [username, setUsername] = useState('');
  const [moment, setMoment] = useState<OpsMoment | null>(null);
  const [busy, setBusy] = useState(false);

  const travel = async () => {
    const query: MomentQuery = {};
    if (seq.trim()) query.seq = number(seq);
    const at = parseInputDateTime(when);
    if (at) query.at = at.toISOString();
    if (username.trim()) query.username = username.trim();
    setBusy(true);
    try {
      const found = await getMoment(query);
      if (found) {
        setMoment(found);
        onTravel(found.seq);
      }
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

function Events({ around }: { around: number | null }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState('');
  const [market, setMarket] = useState('');
  const [query, setQuery] = useState<EventsQuery>({ username: '', kind: '' });
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ rows: OpsEventRow[]; total: number } | null>(null);

  // Only the answer to the latest query shows: an earlier one that lands late is dropped.
  useEffect(() => {
    let live = true;
    listEvents(query, page, EVENTS_PAGE)
      .then((found) => live && found && setResult(found))
      .catch((error: { message?: string }) => notify.error(error.message));
    return () => {
      live = false;
    };
  }, [query, page]);

  // A moment travelled to: the events around it, the other filters kept.
  useEffect(() => {
    if (around === null) return;
    const first = Math.max(1, around - AROUND);
    setFrom(String(first));
    setTo(String(around + AROUND));
    setQuery((current) => ({ ...current, fromSeq: first, toSeq: around + AROUND }));
    setPage(1);
  }, [around]);

  const apply = () => {
    setQuery({ fromSeq: number(from), toSeq: number(to), username: username.trim(), kind: kind.trim(), market: number(market) });
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
        <TextField size="small" label="Market" placeholder="market, round or fixture id" value={market} onChange={(e) => setMarket(e.target.value.replace(/\D/g, ''))} />
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

/** How often a running check is asked for its progress. */
const PROGRESS_POLL_MS = 300;

function Invariants() {
  const [run, setRun] = useState<OpsVerifyRun | null>(null);

  const poll = useCallback(async () => {
    try {
      const latest = await latestVerifyRun();
      if (latest) setRun(latest);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, []);

  useEffect(() => {
    if (!run?.running) return;
    const timer = window.setTimeout(() => void poll(), PROGRESS_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [run, poll]);

  const start = async () => {
    try {
      const started = await startVerifyRun();
      if (started) setRun(started);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  };

  const report = run?.running ? null : (run?.report ?? null);
  const passed = report?.checks.every((c) => c.pass);
  const broken = report?.checks.find((c) => !c.pass);
  const first = report?.firstFailure;
  const percent = run && run.total > 0 ? Math.min(100, (run.done / run.total) * 100) : 0;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          Invariant check
        </Typography>
        <Button variant="contained" disabled={run?.running} onClick={() => void start()}>
          Run invariant check
        </Button>
        {report && (
          <Chip data-testid="audit-result" color={passed ? 'success' : 'error'} label={passed ? `All invariants hold over ${report.events} events` : `Broken: ${broken?.name ?? ''}`} />
        )}
      </Stack>
      {run?.running && (
        <Box data-testid="audit-progress" data-done={run.done} data-total={run.total}>
          <LinearProgress variant="determinate" value={percent} aria-label="Checking the log" />
          <Typography variant="body2">
            {run.done} of {run.total} events checked
          </Typography>
        </Box>
      )}
      {run?.error && <Typography color="error">The log could not be read: {run.error}</Typography>}
      {first && (
        <Typography color="error" data-testid="audit-first-failure" data-seq={first.seq}>
          First broken at event #{first.seq} ({first.check}): {first.message}
        </Typography>
      )}
      {report && <DataTable label="Invariants" columns={CHECKS} rows={report.checks} rowKey={(c) => c.name} />}
    </Paper>
  );
}

export function AuditPage() {
  const [around, setAround] = useState<number | null>(null);
  return (
    <Stack spacing={2}>
      <Moment onTravel={setAround} />
      <Invariants />
      <Events around={around} />
    </Stack>
  );
}
