import { Box } from '@mui/material';
import type { RacketTracker as Racket, TeamScore } from '@/types';
import { teamColor } from '../model/colors';
import { callText, type RacketKind } from '../model/racket';

function TennisCourt() {
  const line = { fill: 'none', stroke: '#ffffff', strokeWidth: 1.4 };
  return (
    <g>
      <rect x={0} y={0} width={300} height={150} fill="#1e4f8f" />
      <rect x={30} y={20} width={240} height={110} fill="#2f6fbf" />
      <rect x={30} y={20} width={240} height={110} {...line} />
      <line x1={30} y1={33} x2={270} y2={33} {...line} />
      <line x1={30} y1={117} x2={270} y2={117} {...line} />
      <line x1={85} y1={33} x2={85} y2={117} {...line} />
      <line x1={215} y1={33} x2={215} y2={117} {...line} />
      <line x1={85} y1={75} x2={215} y2={75} {...line} />
      <line x1={150} y1={14} x2={150} y2={136} stroke="#e8eef2" strokeWidth={3} />
    </g>
  );
}

function TableTennisTable() {
  return (
    <g>
      <rect x={0} y={0} width={300} height={150} fill="#263238" />
      <rect x={40} y={30} width={220} height={90} rx={2} fill="#0d47a1" stroke="#ffffff" strokeWidth={2} />
      <line x1={40} y1={75} x2={260} y2={75} stroke="#ffffff" strokeWidth={0.8} />
      <line x1={150} y1={24} x2={150} y2={126} stroke="#cfd8dc" strokeWidth={3} />
    </g>
  );
}

/** The court (or table) with both players; the ball waits with the server and glides across. */
function Court({ tracker, kind, names }: { tracker: Racket; kind: RacketKind; names: string[] }) {
  const server = tracker.server;
  // The server stands behind the baseline on their side: home left, away right.
  const ball = server === null ? { x: 150, y: 75 } : { x: server === 0 ? 22 : 278, y: 60 };
  return (
    <Box component="svg" viewBox="0 0 300 150" role="img" aria-label={server === null ? 'Court' : `${names[server] ?? ''} to serve`} sx={{ width: '100%', display: 'block' }}>
      {kind === 'tennis' ? <TennisCourt /> : <TableTennisTable />}
      {[0, 1].map((player) => (
        <g key={player}>
          <circle cx={player === 0 ? 12 : 288} cy={75} r={7} fill={teamColor(player)} stroke="#101820" strokeWidth={1.5} />
          <text x={player === 0 ? 40 : 260} y={145} textAnchor={player === 0 ? 'start' : 'end'} fontSize={10} fill="#e8eef2">
            {names[player] ?? ''}
          </text>
        </g>
      ))}
      <circle data-testid="tracker-server" data-server={server ?? ''} className="tracker-glide" r={4} cx={0} cy={0} fill="#e6ee5a" stroke="#101820" strokeWidth={0.8} style={{ transform: `translate(${ball.x}px, ${ball.y}px)` }} />
    </Box>
  );
}

/** Games of each set (points of each game), the current points, and who serves. */
function ScoreGrid({ tracker, kind, names }: { tracker: Racket; kind: RacketKind; names: string[] }) {
  const label = kind === 'tennis' ? 'Set' : 'Game';
  const columns = `minmax(0, 1fr) repeat(${tracker.periods.length}, 26px) 44px`;
  return (
    <Box role="table" aria-label="Score" sx={{ display: 'grid', gridTemplateColumns: columns, alignItems: 'center', rowGap: 0.5, fontVariantNumeric: 'tabular-nums' }}>
      <Box role="columnheader" sx={{ color: '#8fa3b3', fontSize: 11 }} />
      {tracker.periods.map((_, i) => (
        <Box key={i} role="columnheader" sx={{ color: '#8fa3b3', fontSize: 11, textAlign: 'center' }}>
          {`${label[0]}${i + 1}`}
        </Box>
      ))}
      <Box role="columnheader" sx={{ color: '#8fa3b3', fontSize: 11, textAlign: 'center' }}>
        {tracker.tiebreak ? 'TB' : 'Pts'}
      </Box>
      {[0, 1].map((player) => (
        <Box key={player} role="row" sx={{ display: 'contents' }}>
          <Box role="cell" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, fontWeight: 700 }}>
            <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: tracker.server === player ? '#e6ee5a' : 'transparent' }} aria-label={tracker.server === player ? 'serving' : undefined} />
            <Box component="span" sx={{ color: teamColor(player), overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {names[player] ?? ''}
            </Box>
          </Box>
          {tracker.periods.map((period, i) => (
            <Box key={i} role="cell" sx={{ textAlign: 'center', fontWeight: i === tracker.periods.length - 1 ? 800 : 400, color: i === tracker.periods.length - 1 ? '#ffffff' : '#b9c7d2' }}>
              {period[player] ?? 0}
            </Box>
          ))}
          <Box role="cell" data-testid="tracker-points" sx={{ textAlign: 'center', fontWeight: 800, bgcolor: '#22313d', borderRadius: 0.5, py: 0.25 }}>
            {tracker.points[player] ?? ''}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function RacketTracker({ tracker, teams, kind }: { tracker: Racket; teams: TeamScore[]; kind: RacketKind }) {
  const names = teams.map((team) => team.name);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'center' }}>
      <Court tracker={tracker} kind={kind} names={names} />
      <Box sx={{ minWidth: 0 }}>
        <ScoreGrid tracker={tracker} kind={kind} names={names} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1.5, gap: 1 }}>
          <Box component="span" data-testid="tracker-call" sx={{ fontWeight: 800, fontSize: 15 }}>
            {tracker.server === null ? '' : callText(tracker, names)}
          </Box>
          <Box aria-label="Points this game" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {tracker.rally.map((winner, i) => (
              <Box key={i} data-testid="tracker-rally-point" className="tracker-pop" title={names[winner]} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: teamColor(winner) }} />
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
