// The match table of one sport (spec §2 Home): Game / 1 / X / 2 with a back and a lay cell per
// runner (sno 1, 2 = draw, 3), locked cells on SUSPENDED, a dash for odds of 0 or less.
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Fixture, Section, Side } from '@/types';
import { OddsCell } from '@/components/odds-cell';
import { eventLink } from '@/utils/event-link';
import { formatDateTime } from '@/utils/format';
import { useSportFixtures } from '../hooks/use-sport-fixtures';

export const CRICKET_ETID = 4;
const RUNNER_SNOS = [1, 2, 3] as const;

/** Best price of a side: level 0, else the first of that side, else 0 (shown as a dash). */
export function bestOdds(section: Section | undefined, side: Side): number {
  const levels = section?.odds.filter((level) => level.otype === side) ?? [];
  return (levels.find((level) => level.tno === 0) ?? levels[0])?.odds ?? 0;
}

function RunnerCells({ section, compact }: { section: Section | undefined; compact: boolean }) {
  const locked = section?.gstatus === 'SUSPENDED';
  return (
    <>
      <TableCell sx={{ p: 0.25, width: compact ? 42 : 64 }}>
        <OddsCell side="back" odds={bestOdds(section, 'back')} locked={locked} compact={compact} />
      </TableCell>
      <TableCell sx={{ p: 0.25, width: compact ? 42 : 64 }}>
        <OddsCell side="lay" odds={bestOdds(section, 'lay')} locked={locked} compact={compact} />
      </TableCell>
    </>
  );
}

function Markers({ fixture, compact }: { fixture: Fixture; compact: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', fontSize: 11, color: 'text.secondary', flexWrap: 'wrap' }}>
      <span>{formatDateTime(fixture.stime)}</span>
      {fixture.iplay && (
        <Box component="span" aria-label="In play" sx={{ color: 'success.light', fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main' }} />
          In-play
        </Box>
      )}
      {fixture.tv && !compact && <span title="Live TV">TV</span>}
      {fixture.f && !compact && <span title="Fancy">F</span>}
      {fixture.bm && !compact && <span title="Bookmaker">BM</span>}
    </Box>
  );
}

function GameLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" color="inherit" sx={{ fontWeight: 600, fontSize: { xs: 13, md: 14 }, display: 'block', lineHeight: 1.25 }}>
      {children}
    </Link>
  );
}

// On small screens the name takes a line of its own above the prices, so it stays readable.
const MatchRow = memo(function MatchRow({ fixture, compact }: { fixture: Fixture; compact: boolean }) {
  const cells = RUNNER_SNOS.map((sno) => <RunnerCells key={sno} section={fixture.section.find((s) => s.sno === sno)} compact={compact} />);
  if (compact) {
    return (
      <>
        <TableRow data-testid="match-row" data-gmid={fixture.gmid}>
          <TableCell colSpan={7} sx={{ pt: 0.75, pb: 0, px: 1, borderBottom: 0 }}>
            <GameLink to={eventLink(fixture)}>{fixture.ename}</GameLink>
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell sx={{ py: 0.25, px: 1 }}>
            <Markers fixture={fixture} compact />
          </TableCell>
          {cells}
        </TableRow>
      </>
    );
  }
  return (
    <TableRow hover data-testid="match-row" data-gmid={fixture.gmid}>
      <TableCell sx={{ py: 0.5, px: 1 }}>
        <GameLink to={eventLink(fixture)}>{fixture.ename}</GameLink>
        <Markers fixture={fixture} compact={false} />
      </TableCell>
      {cells}
    </TableRow>
  );
});

function BallByBallRow({ compact }: { compact: boolean }) {
  return (
    <TableRow hover data-testid="ballbyball-row">
      <TableCell sx={{ py: 0.5, px: 1 }}>
        <GameLink to="/casino/ballbyball">Ball By Ball</GameLink>
        {!compact && <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>Virtual cricket, every ball a market</Typography>}
      </TableCell>
      {/* A casino table, not a fixture: it has no 1 X 2 prices to show, so no row of dashes. */}
      <TableCell colSpan={RUNNER_SNOS.length * 2} align="center" sx={{ py: 0.5, px: 1, fontSize: 12 }}>
        <GameLink to="/casino/ballbyball">{compact ? 'Play' : 'Bet on every ball: play'}</GameLink>
      </TableCell>
    </TableRow>
  );
}

export function SportMatchTable({ etid }: { etid: number }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { rows, loading } = useSportFixtures(etid);
  const list = rows ?? [];
  return (
    <Box>
      {loading && <LinearProgress aria-label="Loading matches" />}
      <Table size="small" aria-label="Matches" sx={{ tableLayout: 'fixed', '& td, & th': { borderColor: 'divider' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ px: 1, fontWeight: 700 }}>Game</TableCell>
            {['1', 'X', '2'].map((label) => (
              <TableCell key={label} align="center" colSpan={2} sx={{ px: 0, fontWeight: 700, width: compact ? 84 : 128 }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {etid === CRICKET_ETID && <BallByBallRow compact={compact} />}
          {list.map((fixture) => (
            <MatchRow key={fixture.gmid} fixture={fixture} compact={compact} />
          ))}
          {!loading && list.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                No data available
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
