// The log's events, filtered by number, user, kind and market, paged, and exported as JSON lines;
// after a moment is travelled to, the events around it. A log range in force is always shown with
// a Clear button, an empty answer says which filters found nothing, and an export with nothing
// to export says so instead of downloading an empty file.
import { useEffect, useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { pageCount } from '@/components/pagination';
import { notify } from '@/lib/notify';
import type { OpsEventRow } from '@/types';
import { formatDateTime } from '@/utils/format';
import { exportEvents, listEvents, type EventsQuery } from '../../api';
import { DetailCell } from './detail-cell';
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
    render: (e) => <DetailCell detail={e.detail} />,
  },
];

/** The log range a query keeps to, as words, or null for the whole log. */
function rangeText(query: EventsQuery): string | null {
  if (query.fromSeq === undefined && query.toSeq === undefined) return null;
  if (query.toSeq === undefined) return `log #${query.fromSeq} onwards`;
  return `log #${query.fromSeq ?? 1} to #${query.toSeq}`;
}

/** Every filter in force, as words. */
function filtersText(query: EventsQuery): string {
  const parts = [rangeText(query), query.username && `user ${query.username}`, query.kind && `kind ${query.kind}`, query.market !== undefined && `market ${query.market}`];
  return parts.filter(Boolean).join(', ');
}

function emptyText(query: EventsQuery): string {
  const filters = filtersText(query);
  if (!filters) return 'The log has no events yet.';
  const hint = rangeText(query) ? ' Clear the log range to search the whole log.' : '';
  return `No event matches ${filters}.${hint}`;
}

export function Events({ around }: { around: number | null }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState('');
  const [market, setMarket] = useState('');
  const [query, setQuery] = useState<EventsQuery>({ username: '', kind: '' });
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ rows: OpsEventRow[]; total: number } | null>(null);
  const [travelled, setTravelled] = useState<number | null>(null);

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
    setTravelled(around);
    setPage(1);
  }, [around]);

  const clearRange = () => {
    setFrom('');
    setTo('');
    setTravelled(null);
    setQuery((current) => ({ ...current, fromSeq: undefined, toSeq: undefined }));
    setPage(1);
  };

  const apply = () => {
    const fromSeq = optionalNumber(from);
    const toSeq = optionalNumber(to);
    if (fromSeq !== query.fromSeq || toSeq !== query.toSeq) setTravelled(null);
    setQuery({ fromSeq, toSeq, username: username.trim(), kind: kind.trim(), market: optionalNumber(market) });
    setPage(1);
  };

  const download = async () => {
    if (result?.total === 0) {
      notify.custom(`Nothing to export: ${emptyText(query)}`);
      return;
    }
    try {
      const blob = await exportEvents(query);
      if (blob.size === 0) {
        notify.custom(`Nothing to export: ${emptyText(query)}`);
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'events.jsonl';
      link.click();
      URL.revokeObjectURL(link.href);
      notify.success(`Exported ${result?.total ?? 'the'} events (${filtersText(query) || 'the whole log'})`);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  };

  const range = rangeText(query);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Events
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 2, mb: 2 }}>
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
      {range && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="events-range"
          action={
            <Button color="inherit" size="small" onClick={clearRange}>
              Clear
            </Button>
          }
        >
          Showing {range} only{travelled === null ? '' : ` (${AROUND} events each side of log #${travelled}, the moment travelled to)`}.
        </Alert>
      )}
      {result?.total === 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="events-empty" role="status">
          {emptyText(query)}
        </Alert>
      )}
      <DataTable label="Events" columns={EVENTS} rows={result?.rows ?? []} rowKey={(e) => e.seq} loading={result === null} rowProps={(e) => ({ 'data-kind': e.kind })} emptyText="No events" />
      <TablePager page={page} pageSize={EVENTS_PAGE} total={result?.total ?? 0} totalPages={pageCount(result?.total ?? 0, EVENTS_PAGE)} onPageChange={setPage} />
    </Paper>
  );
}
