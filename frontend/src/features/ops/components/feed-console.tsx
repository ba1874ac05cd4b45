// `/ops/feed`: the feed's clock and every fixture with its markets, refreshed every two seconds.
// An operator suspends or resumes a market or a whole fixture, moves a price, settles or voids a
// market, or finishes a fixture; each asks for a remark in the action dialog. Where match odds
// are traded on the exchange, each one's book opens under its fixture (depth, orders by account,
// positions; an account's orders cancelled from there), and the market makers' panel is on top.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, Chip, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { OpsFeed, OpsFeedClock, OpsFixture, OpsMarket } from '@/types';
import { formatClockTime } from '@/utils/format';
import { getFeed } from '../api';
import type { FixtureActionKind, MarketActionKind } from '../model/feed-action';
import { ExchangeBook } from './exchange-book';
import { FeedActionDialog, type FeedTarget } from './feed-action-dialog';
import { MakersPanel } from './makers-panel';

const REFRESH_MS = 2_000;
const SPORTS: ReadonlyArray<{ etid: number; name: string }> = [
  { etid: 4, name: 'Cricket' },
  { etid: 1, name: 'Football' },
  { etid: 2, name: 'Tennis' },
  { etid: 8, name: 'Table Tennis' },
  { etid: 7, name: 'Horse Racing' },
  { etid: 4339, name: 'Greyhound Racing' },
];

function price(value: number | null): string {
  return value === null ? '-' : String(value);
}

function Clock({ clock }: { clock: OpsFeedClock }) {
  const since = clock.lastEventAtMs === null ? 'never' : `${Math.max(0, Math.round((Date.now() - clock.lastEventAtMs) / 1000))} s ago`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="feed-clock">
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant="body2">
          Feed: <b data-testid="feed-source">{clock.running ? (clock.source === 'simulator' ? 'simulator running' : 'scenarios (no simulator)') : 'no feed in this server'}</b>
        </Typography>
        {clock.running && (
          <>
            <Typography variant="body2">
              Clock: <b data-testid="feed-clock-time">{formatClockTime(clock.clockMs)}</b>
            </Typography>
            <Typography variant="body2">
              Speed: <b>×{clock.speed}</b>
            </Typography>
            <Typography variant="body2">
              Events: <b>{clock.events}</b>, last {since}
            </Typography>
          </>
        )}
      </Stack>
      {clock.sources.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Feeds sending to the API">
          {clock.sources.map((source) => (
            <Chip
              key={source.name}
              size="small"
              data-testid="feed-source-health"
              data-silent={source.silent}
              color={source.silent ? 'error' : 'success'}
              label={`${source.name}: ${source.events} events, heard ${Math.max(0, Math.round((Date.now() - source.lastHeardAtMs) / 1000))} s ago${source.silent ? ', silent' : ''}`}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** `exchange`: match odds are traded on the exchange here, so their books can be opened. */
type FixtureProps = { fixture: OpsFixture; exchange: boolean; onAct: (target: FeedTarget) => void };

function FixtureCard({ fixture, exchange, onAct }: FixtureProps) {
  const [books, setBooks] = useState<ReadonlySet<number>>(new Set());
  const toggleBook = (mid: number) => setBooks((open) => (open.has(mid) ? new Set([...open].filter((m) => m !== mid)) : new Set([...open, mid])));
  const hasBook = (m: OpsMarket) => exchange && m.gtype === 'match';
  const open = (market: OpsMarket, kind: MarketActionKind) => onAct({ fixture, market, kind });
  const whole = (kind: FixtureActionKind) => onAct({ fixture, market: null, kind });
  const columns: ReadonlyArray<DataColumn<OpsMarket>> = [
    { id: 'name', header: 'Market', render: (m) => m.mname, minWidth: 160 },
    { id: 'type', header: 'Type', render: (m) => m.gtype },
    {
      id: 'status',
      header: 'Status',
      render: (m) => (
        <Stack direction="row" spacing={0.5}>
          <Chip size="small" label={m.status} color={m.status === 'OPEN' ? 'success' : m.status === 'CLOSED' ? 'default' : 'warning'} />
          {m.held && <Chip size="small" label="Held" color="error" />}
        </Stack>
      ),
    },
    {
      id: 'prices',
      header: 'Sections (back / lay)',
      render: (m) => m.sections.map((s) => `${s.nat} ${price(s.back)} / ${price(s.lay)}`).join(' · '),
      minWidth: 240,
    },
    {
      id: 'actions',
      header: 'Actions',
      render: (m) =>
        m.settled ? (
          'Settled'
        ) : (
          <Stack direction="row" spacing={0.5}>
            {hasBook(m) && (
              <Button size="small" variant={books.has(m.mid) ? 'contained' : 'outlined'} aria-pressed={books.has(m.mid)} onClick={() => toggleBook(m.mid)}>
                Book
              </Button>
            )}
            <Button size="small" variant="outlined" color={m.held ? 'primary' : 'error'} onClick={() => open(m, m.held ? 'resume' : 'suspend')}>
              {m.held ? 'Resume' : 'Suspend'}
            </Button>
            <Button size="small" variant="outlined" onClick={() => open(m, 'price')}>
              Price
            </Button>
            <Button size="small" variant="outlined" onClick={() => open(m, 'settle')}>
              Settle
            </Button>
            <Button size="small" variant="outlined" color="warning" onClick={() => open(m, 'void')}>
              Void
            </Button>
          </Stack>
        ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ops-fixture" data-gmid={fixture.gmid}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {fixture.ename}
        </Typography>
        {fixture.inPlay && <Chip size="small" color="success" label="In play" />}
        {fixture.virtualCricket && <Chip size="small" label="Virtual" />}
        {fixture.held && <Chip size="small" color="error" label="All markets held" />}
        {fixture.silent && <Chip size="small" color="error" label="Feed silent" />}
        <Button size="small" variant="outlined" color={fixture.held ? 'primary' : 'error'} onClick={() => whole(fixture.held ? 'resume' : 'suspend')}>
          {fixture.held ? 'Resume all' : 'Suspend all'}
        </Button>
        <Button size="small" variant="contained" color="warning" onClick={() => whole('finish')}>
          Finish
        </Button>
      </Stack>
      <DataTable label={`Markets of ${fixture.ename}`} columns={columns} rows={fixture.markets} rowKey={(m) => m.mid} rowProps={(m) => ({ 'data-mid': String(m.mid) })} />
      {fixture.markets
        .filter((m) => books.has(m.mid) && hasBook(m) && !m.settled)
        .map((m) => (
          <ExchangeBook key={m.mid} gmid={fixture.gmid} mid={m.mid} marketName={m.mname} eventName={fixture.ename} />
        ))}
    </Paper>
  );
}

export function FeedConsole({ exchange }: { exchange: boolean }) {
  const [feed, setFeed] = useState<OpsFeed | null>(null);
  const [sport, setSport] = useState(4);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<FeedTarget | null>(null);

  const load = useCallback(async () => {
    try {
      const found = await getFeed();
      if (found) setFeed(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const fixtures = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (feed?.fixtures ?? []).filter((f) => f.etid === sport && (!needle || f.ename.toLowerCase().includes(needle)));
  }, [feed, sport, search]);

  return (
    <Stack spacing={2}>
      {feed && <Clock clock={feed.clock} />}
      {exchange && <MakersPanel />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup size="small" exclusive value={sport} onChange={(_, value: number | null) => value !== null && setSport(value)} aria-label="Sport">
          {SPORTS.map((s) => (
            <ToggleButton key={s.etid} value={s.etid}>
              {s.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField size="small" label="Fixture" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Stack>
      {feed === null ? (
        <Typography>Loading the feed…</Typography>
      ) : fixtures.length === 0 ? (
        <Typography>No fixture of this sport.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {fixtures.map((fixture) => (
            <FixtureCard key={fixture.gmid} fixture={fixture} exchange={exchange} onAct={setTarget} />
          ))}
        </Box>
      )}
      <FeedActionDialog target={target} onClose={() => setTarget(null)} onDone={() => void load()} />
    </Stack>
  );
}
