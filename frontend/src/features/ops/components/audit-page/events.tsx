// The log's events, filtered by number, user, kind and market, paged, and exported as JSON lines;
// after a moment is travelled to, the events around it.
import { useEffect, useState } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { pageCount } from '@/components/pagination';
import { notify } from '@/lib/notify';
import type { OpsEventRow } from '@/types';
import { formatDateTime } from '@/utils/format';
import { exportEvents, listEvents, type EventsQuery } from '../../api';
import { optionalNumber } from './optional-number';

const EVENTS_PAGE = 25;

/** Events the list shows on each side of the moment travelled to. */
const AROUND = 10;

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

export function Events({ around }: { around: number | null }) {
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
    setQuery({ fromSeq: optionalNumber(from), toSeq: optionalNumber(to), username: username.trim(), kind: kind.trim(), market: optionalNumber(market) });
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
