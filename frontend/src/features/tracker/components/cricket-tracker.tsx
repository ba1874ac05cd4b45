import { Box } from '@mui/material';
import type { CricketTracker as Cricket, TeamScore } from '@/types';
import { teamColor } from '../model/colors';
import { ballCall, overSlots, requiredRate, shotEnd, shotTone, sideRuns } from '../model/cricket';
import { TeamChip } from './tracker-frame';

const CENTER = { x: 100, y: 100 };
const BOUNDARY = 92;
const SHOT_COLORS = { run: 'rgba(255,255,255,0.7)', four: '#ffee58', six: '#f06292' } as const;

const CALL_COLORS = {
  FOUR: { bgcolor: SHOT_COLORS.four, color: '#101820' },
  SIX: { bgcolor: SHOT_COLORS.six, color: '#101820' },
  WICKET: { bgcolor: '#e53935', color: '#ffffff' },
} as const;

function ballColors(ball: string | null): { bg: string; fg: string } {
  if (ball === null) return { bg: 'transparent', fg: '#8fa3b3' };
  if (ball === 'W') return { bg: '#e53935', fg: '#fff' };
  if (ball === '6') return { bg: SHOT_COLORS.six, fg: '#101820' };
  if (ball === '4') return { bg: SHOT_COLORS.four, fg: '#101820' };
  return { bg: '#e8eef2', fg: '#101820' };
}

/** The innings' scoring shots from the middle of the pitch; the newest draws itself. */
function WagonWheel({ tracker }: { tracker: Cricket }) {
  const { off, leg } = sideRuns(tracker.shots);
  const last = tracker.shots.length - 1;
  return (
    <Box component="svg" viewBox="0 0 200 200" role="img" aria-label={`Wagon wheel: ${tracker.shots.length} scoring shots`} sx={{ width: '100%', maxWidth: 240, display: 'block', mx: 'auto' }}>
      <circle cx={CENTER.x} cy={CENTER.y} r={BOUNDARY + 6} fill="#1b5e20" />
      <circle cx={CENTER.x} cy={CENTER.y} r={BOUNDARY} fill="#2e7d32" stroke="#ffffff" strokeOpacity={0.55} strokeWidth={1.5} />
      <circle cx={CENTER.x} cy={CENTER.y} r={46} fill="#388e3c" stroke="#ffffff" strokeOpacity={0.35} strokeDasharray="3 3" />
      <rect x={96} y={86} width={8} height={28} rx={1} fill="#d8c690" />
      <text x={186} y={196} textAnchor="end" fontSize={10} fill="#c8e6c9">{`Off ${off}`}</text>
      <text x={14} y={196} fontSize={10} fill="#c8e6c9">{`Leg ${leg}`}</text>
      <g data-testid="wagon-wheel">
        {tracker.shots.map((shot, i) => {
          const end = shotEnd(shot, CENTER, BOUNDARY);
          return (
            <line
              key={i}
              data-testid="wagon-shot"
              className={i === last ? 'tracker-draw' : undefined}
              pathLength={100}
              x1={CENTER.x}
              y1={CENTER.y}
              x2={end.x}
              y2={end.y}
              stroke={SHOT_COLORS[shotTone(shot.runs)]}
              strokeWidth={i === last ? 2.5 : shot.runs >= 4 ? 1.6 : 1.1}
              strokeLinecap="round"
            />
          );
        })}
      </g>
    </Box>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box data-testid={testId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5, borderBottom: '1px solid #22313d' }}>
      <Box component="span" sx={{ color: '#8fa3b3' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
}

export function CricketTracker({ tracker, teams }: { tracker: Cricket; teams: TeamScore[] }) {
  const batting = teams[tracker.batting];
  const slots = overSlots(tracker.this_over);
  const need = tracker.need;
  const call = ballCall(tracker.this_over);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 240px) 1fr' }, gap: 2, alignItems: 'center' }}>
      <Box>
        <WagonWheel tracker={tracker} />
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1.5, mt: 0.5, fontSize: 11, color: '#8fa3b3' }}>
          {(['run', 'four', 'six'] as const).map((tone) => (
            <Box key={tone} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 12, height: 3, bgcolor: SHOT_COLORS[tone], borderRadius: 1 }} />
              {tone === 'run' ? '1–3' : tone === 'four' ? 'Four' : 'Six'}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
          <TeamChip team={tracker.batting} name={batting?.name ?? ''} />
          <Box component="span" sx={{ fontSize: 18, fontWeight: 800, color: teamColor(tracker.batting), fontVariantNumeric: 'tabular-nums' }}>
            {batting?.score ?? ''}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 0.5, color: '#8fa3b3', fontSize: 12 }}>
          <span data-testid="tracker-over" data-over={tracker.over}>
            {tracker.over > 0 ? `Over ${tracker.over}` : 'First over'} · {tracker.innings === 1 ? '1st' : '2nd'} innings
          </span>
          {!tracker.ball_running && call && (
            <Box component="span" key={`${tracker.over}-${tracker.this_over.length}`} className="tracker-pop" data-testid="ball-call" sx={{ px: 0.75, borderRadius: 1, fontWeight: 800, fontSize: 11, letterSpacing: 1, ...CALL_COLORS[call] }}>
              {call}
            </Box>
          )}
          {tracker.ball_running && (
            <Box component="span" data-testid="ball-running" sx={{ px: 0.75, borderRadius: 1, bgcolor: '#f9a825', color: '#101820', fontWeight: 700, fontSize: 10 }}>
              BALL RUNNING
            </Box>
          )}
        </Box>
        <Box aria-label="This over" sx={{ display: 'flex', gap: 0.75, mb: 1.5, flexWrap: 'wrap' }}>
          {slots.map((ball, i) => {
            const { bg, fg } = ballColors(ball);
            return (
              <Box
                key={`${tracker.over}-${i}`}
                data-testid={ball === null ? 'tracker-over-slot' : 'tracker-over-ball'}
                className={ball === null ? undefined : 'tracker-pop'}
                sx={{ width: 30, height: 30, borderRadius: '50%', display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 800, fontSize: 13, bgcolor: bg, color: fg, border: ball === null ? '1px dashed #4a5d6c' : 'none' }}
              >
                {ball ?? ''}
              </Box>
            );
          })}
        </Box>
        <Figure label="Partnership" value={`${tracker.partnership_runs} (${tracker.partnership_balls})`} testId="tracker-partnership" />
        {batting?.crr && <Figure label="Current run rate" value={batting.crr} />}
        {need && <Figure label={`Need ${need.runs} from ${need.balls} balls`} value={`RRR ${requiredRate(need) || '–'}`} testId="tracker-need" />}
      </Box>
    </Box>
  );
}
