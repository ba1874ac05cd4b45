// The ledger as it was at a moment (a time or a log number): every account's balance, exposure
// and open bets then.
import { useState } from 'react';
import { Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { BetView, OpsMoment } from '@/types';
import { formatDateTime, formatFixed } from '@/utils/format';
import { parseTypedDateTime } from '@/utils/parse-date';
import { getMoment, type MomentQuery } from '../../api';
import { optionalNumber } from './optional-number';

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

export function Moment({ onTravel }: { onTravel: (seq: number) => void }) {
  const [when, setWhen] = useState('');
  const [seq, setSeq] = useState('');
  const [username, setUsername] = useState('');
  const [moment, setMoment] = useState<OpsMoment | null>(null);
  const [busy, setBusy] = useState(false);

  // A typed 24-hour time: the browser's datetime-local shows 12-hour in an en-US locale.
  const whenAt = parseTypedDateTime(when);
  const whenBad = when.trim() !== '' && whenAt === null;

  const travel = async () => {
    const query: MomentQuery = {};
    if (seq.trim()) query.seq = optionalNumber(seq);
    if (when.trim() && !whenAt) return;
    if (whenAt) query.at = whenAt.toISOString();
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
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 2, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Date and time (24-hour)"
          placeholder="yyyy-MM-dd HH:mm:ss"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          error={whenBad}
          helperText={whenBad ? 'As yyyy-MM-dd HH:mm:ss, 24-hour' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 230 }}
        />
        <TextField size="small" label="Log #" value={seq} onChange={(e) => setSeq(e.target.value.replace(/\D/g, ''))} sx={{ width: 120 }} />
        <TextField size="small" label="Username (optional)" value={username} onChange={(e) => setUsername(e.target.value)} />
        <Button variant="contained" disabled={busy || whenBad} onClick={() => void travel()}>
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
