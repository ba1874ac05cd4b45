import { Box } from '@mui/material';
import type { FootballTracker as Football, Incident, TeamScore } from '@/types';
import { teamColor } from '../model/colors';
import { AREA_LABELS, INCIDENT_LABELS, minuteX, momentumPath, recentIncident, smooth, zoneSpan } from '../model/football';
import { TeamChip } from './tracker-frame';

// The pitch is drawn 300 × 170 with its playing area inside a 5-unit margin.
const PITCH = { x: 5, y: 5, w: 290, h: 160 };
const MOMENTUM = { w: 300, h: 44 };
const MINUTES = 90;

function PitchLines() {
  const line = { fill: 'none', stroke: '#ffffff', strokeOpacity: 0.6, strokeWidth: 1.2 };
  const { x, y, w, h } = PITCH;
  const mid = y + h / 2;
  return (
    <g>
      {Array.from({ length: 10 }, (_, i) => (
        <rect key={i} x={x + (i * w) / 10} y={y} width={w / 10} height={h} fill={i % 2 === 0 ? '#2e7d32' : '#33873a'} />
      ))}
      <rect x={x} y={y} width={w} height={h} {...line} />
      <line x1={x + w / 2} y1={y} x2={x + w / 2} y2={y + h} {...line} />
      <circle cx={x + w / 2} cy={mid} r={22} {...line} />
      <rect x={x} y={mid - 40} width={46} height={80} {...line} />
      <rect x={x + w - 46} y={mid - 40} width={46} height={80} {...line} />
      <rect x={x} y={mid - 18} width={16} height={36} {...line} />
      <rect x={x + w - 16} y={mid - 18} width={16} height={36} {...line} />
    </g>
  );
}

/** Where play is: the zone of the side in possession glides over the pitch, the ball with it. */
function Pitch({ tracker, names }: { tracker: Football; names: string[] }) {
  const zone = tracker.zone;
  const span = zone ? zoneSpan(zone) : { from: 0.5, to: 0.5 };
  const left = PITCH.x + span.from * PITCH.w;
  const width = (span.to - span.from) * PITCH.w;
  // The ball sits at the front of the attack; its height moves with the minute so play looks alive.
  const front = zone?.team === 1 ? left : left + width;
  const ballX = zone ? front + (zone.team === 1 ? 8 : -8) : PITCH.x + PITCH.w / 2;
  const ballY = PITCH.y + PITCH.h / 2 + (zone ? (((tracker.momentum.length * 37 + zone.area.length * 11) % 70) - 35) : 0);
  const color = zone ? teamColor(zone.team) : '#ffffff';
  return (
    <Box component="svg" viewBox="0 0 300 170" role="img" aria-label={zone ? `${AREA_LABELS[zone.area]}: ${names[zone.team] ?? ''}` : 'Ball out of play'} sx={{ width: '100%', maxWidth: 520, display: 'block', mx: 'auto' }}>
      <PitchLines />
      <rect
        data-testid="tracker-zone"
        data-team={zone?.team ?? ''}
        data-area={zone?.area ?? ''}
        className="tracker-glide"
        x={0}
        y={PITCH.y}
        width={PITCH.w}
        height={PITCH.h}
        fill={color}
        fillOpacity={zone ? (zone.area === 'danger' ? 0.45 : 0.3) : 0}
        style={{ transform: `translateX(${left}px) scaleX(${Math.max(width, 0.001) / PITCH.w})` }}
      />
      <circle className="tracker-glide" r={4.5} cx={0} cy={0} fill="#ffffff" stroke="#101820" strokeWidth={1} opacity={zone ? 1 : 0.6} style={{ transform: `translate(${ballX}px, ${ballY}px)` }} />
    </Box>
  );
}

function IncidentMark({ incident, x }: { incident: Incident; x: number }) {
  const top = incident.team === 0;
  const y = top ? 6 : MOMENTUM.h - 6;
  if (incident.kind === 'goal') return <circle cx={x} cy={y} r={4} fill="#ffffff" stroke={teamColor(incident.team)} strokeWidth={2} data-testid="momentum-goal" />;
  if (incident.kind === 'yellow_card' || incident.kind === 'red_card') return <rect x={x - 2} y={y - 3.5} width={4} height={7} rx={0.8} fill={incident.kind === 'red_card' ? '#e53935' : '#fdd835'} />;
  return null;
}

/** Who has been on top: the smoothed pressure of each minute, home above the line, away below. */
function Momentum({ tracker }: { tracker: Football }) {
  const span = Math.max(MINUTES, tracker.momentum.length);
  const path = momentumPath(smooth(tracker.momentum), MOMENTUM.w, MOMENTUM.h, span);
  const mid = MOMENTUM.h / 2;
  return (
    <Box component="svg" viewBox={`0 0 ${MOMENTUM.w} ${MOMENTUM.h}`} role="img" aria-label="Momentum" sx={{ width: '100%', display: 'block', bgcolor: '#0b1218', borderRadius: 0.5 }}>
      <defs>
        <clipPath id="momentum-home">
          <rect x={0} y={0} width={MOMENTUM.w} height={mid} />
        </clipPath>
        <clipPath id="momentum-away">
          <rect x={0} y={mid} width={MOMENTUM.w} height={mid} />
        </clipPath>
      </defs>
      <line x1={minuteX(45, MOMENTUM.w, span)} y1={0} x2={minuteX(45, MOMENTUM.w, span)} y2={MOMENTUM.h} stroke="#3a4a57" strokeDasharray="2 2" />
      <path d={path} fill={teamColor(0)} fillOpacity={0.85} clipPath="url(#momentum-home)" />
      <path d={path} fill={teamColor(1)} fillOpacity={0.85} clipPath="url(#momentum-away)" />
      <line x1={0} y1={mid} x2={MOMENTUM.w} y2={mid} stroke="#5b6b78" strokeWidth={0.8} />
      <path data-testid="momentum" data-points={tracker.momentum.length} d={path} fill="none" stroke="none" />
      {tracker.incidents.map((incident, i) => (
        <IncidentMark key={i} incident={incident} x={minuteX(incident.minute, MOMENTUM.w, span)} />
      ))}
    </Box>
  );
}

const STAT_ROWS = [
  ['Shots', 'shots'],
  ['On target', 'on_target'],
  ['Corners', 'corners'],
  ['Yellow cards', 'yellow'],
  ['Red cards', 'red'],
] as const;

function Stats({ tracker }: { tracker: Football }) {
  const [home, away] = tracker.stats;
  return (
    <Box aria-label="Match statistics" sx={{ display: 'grid', gridTemplateColumns: '1fr auto 1fr', rowGap: 0.25, columnGap: 1, fontSize: 12 }}>
      {STAT_ROWS.map(([label, key]) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={`stat-${key}`}>
          <Box sx={{ textAlign: 'right', fontWeight: 700, color: teamColor(0), fontVariantNumeric: 'tabular-nums' }}>{home?.[key] ?? 0}</Box>
          <Box sx={{ textAlign: 'center', color: '#8fa3b3' }}>{label}</Box>
          <Box sx={{ fontWeight: 700, color: teamColor(1), fontVariantNumeric: 'tabular-nums' }}>{away?.[key] ?? 0}</Box>
        </Box>
      ))}
    </Box>
  );
}

export function FootballTracker({ tracker, teams }: { tracker: Football; teams: TeamScore[] }) {
  const names = teams.map((team) => team.name);
  const zone = tracker.zone;
  const recent = recentIncident(tracker.incidents, tracker.minute);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1, minHeight: 24 }}>
        <Box data-testid="tracker-zone-label" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          {zone ? (
            <>
              <TeamChip team={zone.team} name={names[zone.team] ?? ''} />
              <Box component="span" sx={{ color: zone.area === 'danger' ? '#ffca28' : '#b9c7d2', fontWeight: zone.area === 'danger' ? 700 : 400, whiteSpace: 'nowrap' }}>
                {AREA_LABELS[zone.area]}
              </Box>
            </>
          ) : (
            <Box component="span" sx={{ color: '#8fa3b3' }}>
              Ball out of play
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
          {recent && (
            <Box key={tracker.incidents.length} className="tracker-pop" data-testid="tracker-incident" sx={{ px: 0.75, borderRadius: 1, fontSize: 11, fontWeight: 700, bgcolor: recent.kind === 'goal' ? '#ffffff' : '#22313d', color: recent.kind === 'goal' ? '#101820' : teamColor(recent.team) }}>
              {INCIDENT_LABELS[recent.kind]} {recent.minute}&apos;
            </Box>
          )}
          <Box component="span" data-testid="tracker-minute" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {tracker.minute > 0 ? `${tracker.minute}'` : ''}
          </Box>
        </Box>
      </Box>
      <Pitch tracker={tracker} names={names} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' }, gap: 1.5, mt: 1.5, alignItems: 'center' }}>
        <Box>
          <Box sx={{ fontSize: 11, color: '#8fa3b3', mb: 0.5 }}>Momentum</Box>
          <Momentum tracker={tracker} />
        </Box>
        <Stats tracker={tracker} />
      </Box>
    </Box>
  );
}
