// A racing sport's meetings (Horse Racing, Greyhound Racing): each venue's races by off time
// with their status (pre-race, in-play, result), live over the sport's `home:{etid}` topic. A race
// that finishes leaves the feed's list; it stays here as a result while the page is open, linking
// to its page (which shows the result).
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Chip, LinearProgress, Link, Paper, Typography } from '@mui/material';
import type { Fixture } from '@/types';
import { eventLink } from '@/utils/event-link';
import { formatOffTime } from '@/utils/format';
import { useSportFixtures } from '../hooks/use-sport-fixtures';

export type RaceStatus = 'pre-race' | 'in-play' | 'result';
export type RaceRow = { fixture: Fixture; status: RaceStatus };
export type Meeting = { venue: string; races: RaceRow[] };

/** Races by venue, each venue's by off time; venues by their next race. */
export function meetings(live: Fixture[], finished: Fixture[]): Meeting[] {
  const rows: RaceRow[] = [
    ...live.map((fixture) => ({ fixture, status: (fixture.iplay ? 'in-play' : 'pre-race') as RaceStatus })),
    ...finished.filter((done) => !live.some((f) => f.gmid === done.gmid)).map((fixture) => ({ fixture, status: 'result' as RaceStatus })),
  ];
  const byVenue = new Map<string, RaceRow[]>();
  for (const row of rows) byVenue.set(row.fixture.cname, [...(byVenue.get(row.fixture.cname) ?? []), row]);
  const list = [...byVenue.entries()].map(([venue, races]) => ({ venue, races: races.sort((a, b) => a.fixture.stime.localeCompare(b.fixture.stime)) }));
  const first = (meeting: Meeting) => meeting.races[0]?.fixture.stime ?? '';
  return list.sort((a, b) => first(a).localeCompare(first(b)));
}

const STATUS_CHIP: Record<RaceStatus, { label: string; color: 'default' | 'success' | 'info' }> = {
  'pre-race': { label: 'Pre-race', color: 'default' },
  'in-play': { label: 'In-play', color: 'success' },
  result: { label: 'Result', color: 'info' },
};

function RaceLine({ row }: { row: RaceRow }) {
  const { fixture, status } = row;
  const chip = STATUS_CHIP[status];
  const runners = fixture.section.filter((section) => section.gstatus !== 'REMOVED').length;
  return (
    <Box data-testid={`race-${fixture.gmid}`} data-status={status} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', width: 44, flexShrink: 0 }}>{formatOffTime(fixture.stime)}</Typography>
      <Link component={RouterLink} to={eventLink(fixture)} underline="hover" color="inherit" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
        {fixture.ename}
      </Link>
      {status !== 'result' && runners > 0 && <Typography sx={{ fontSize: 12, color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>{runners} runners</Typography>}
      <Chip size="small" label={chip.label} color={chip.color} variant={status === 'pre-race' ? 'outlined' : 'filled'} />
    </Box>
  );
}

export function RaceMeetings({ etid, title }: { etid: number; title: string }) {
  const { rows, loading } = useSportFixtures(etid);
  const [finished, setFinished] = useState<Fixture[]>([]);
  const [seen, setSeen] = useState<Fixture[]>([]);
  // A race that was on the card and left it has finished: keep it as a result.
  useEffect(() => {
    if (!rows) return;
    const gone = seen.filter((before) => !rows.some((now) => now.gmid === before.gmid));
    if (gone.length > 0) setFinished((list) => [...gone, ...list].slice(0, RESULTS_KEPT_MAX));
    setSeen(rows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  const list = useMemo(() => meetings(rows ?? [], finished), [rows, finished]);
  return (
    <Paper sx={{ overflow: 'hidden' }} aria-label={`${title} meetings`}>
      <Box sx={{ px: 1.5, py: 1, bgcolor: 'header.main', color: 'header.contrastText' }}>
        <Typography component="h1" sx={{ fontSize: 16, fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      {loading && <LinearProgress />}
      {!loading && list.length === 0 && <Typography sx={{ p: 2, color: 'text.secondary' }}>No races on the card right now.</Typography>}
      {list.map((meeting) => (
        <Box key={meeting.venue} component="section" aria-label={meeting.venue}>
          <Typography component="h2" sx={{ px: 1.5, pt: 1.25, pb: 0.5, fontSize: 14, fontWeight: 700, color: 'primary.main' }}>
            {meeting.venue}
          </Typography>
          {meeting.races.map((row) => (
            <RaceLine key={row.fixture.gmid} row={row} />
          ))}
        </Box>
      ))}
    </Paper>
  );
}

/** Finished races shown as results while the page stays open. */
const RESULTS_KEPT_MAX = 12;
