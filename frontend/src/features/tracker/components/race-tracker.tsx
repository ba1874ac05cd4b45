import { Box } from '@mui/material';
import type { RaceTracker as Race } from '@/types';
import { orderLine, phaseLabel, raceLanes, TRACK, type RaceKind } from '../model/race';
import { RunnerJacket } from '@/components/runner-badge';

const LANE_H = 18;
const TOP = 14;

/**
 * A race drawn on a straight: one lane per runner (trap or saddle-cloth colours), each runner
 * gliding to where the feed last put it, the leader ringed, non-runners marked NR, and the
 * order (or the result) below.
 */
export function RaceTracker({ tracker, kind }: { tracker: Race; kind: RaceKind }) {
  const lanes = raceLanes(tracker);
  const height = TOP + lanes.length * LANE_H + 8;
  const order = orderLine(tracker);
  return (
    <Box data-testid="race-tracker" data-phase={tracker.phase}>
      <Box component="svg" viewBox={`0 0 320 ${height}`} role="img" aria-label={`Race, ${tracker.distance_m} m: ${phaseLabel(tracker)}`} sx={{ width: '100%', display: 'block', maxHeight: 340 }}>
        <rect x={0} y={0} width={320} height={height} fill={kind === 'greyhound' ? '#8d6e4c' : '#2e6b34'} rx={4} />
        {lanes.map((lane, i) => (
          <rect key={`lane${lane.sid}`} x={TRACK.start - 6} y={TOP + i * LANE_H} width={TRACK.finish - TRACK.start + 12} height={LANE_H} fill={i % 2 ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)'} />
        ))}
        {[0.25, 0.5, 0.75].map((share) => (
          <line key={share} x1={TRACK.start + share * (TRACK.finish - TRACK.start)} x2={TRACK.start + share * (TRACK.finish - TRACK.start)} y1={TOP} y2={height - 8} stroke="rgba(255,255,255,0.25)" strokeDasharray="2 3" />
        ))}
        <line x1={TRACK.start} x2={TRACK.start} y1={TOP - 4} y2={height - 6} stroke="#e8eef2" strokeWidth={1.5} />
        <line x1={TRACK.finish} x2={TRACK.finish} y1={TOP - 4} y2={height - 6} stroke="#e53935" strokeWidth={2.5} />
        <text x={TRACK.start} y={10} fontSize={8} fill="#e8eef2" textAnchor="middle">
          Start
        </text>
        <text x={TRACK.finish} y={10} fontSize={8} fill="#e8eef2" textAnchor="middle">
          {tracker.distance_m} m
        </text>
        {lanes.map((lane, i) => {
          const y = TOP + i * LANE_H + LANE_H / 2;
          if (lane.non_runner) {
            return (
              <g key={lane.sid} data-testid={`race-runner-${lane.sid}`} data-non-runner="true">
                <text x={TRACK.start + 12} y={y + 3} fontSize={9} fill="#ffcdd2" fontWeight={700}>
                  {lane.number}. {lane.name}: NR (withdrawn)
                </text>
              </g>
            );
          }
          return (
            <g key={lane.sid} data-testid={`race-runner-${lane.sid}`} data-position={lane.position_m} data-rank={lane.rank} data-leader={lane.leader ? 'true' : 'false'} className="tracker-glide" style={{ transform: `translate(${lane.x}px, ${y}px)` }}>
              {lane.leader && <circle r={9} fill="none" stroke="#ffeb3b" strokeWidth={2} />}
              <RunnerJacket kind={kind} number={lane.number} />
            </g>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.75, fontSize: 12, flexWrap: 'wrap' }}>
        <Box component="span" data-testid="race-phase" sx={{ fontWeight: 700, color: tracker.phase === 'running' ? '#ffeb3b' : '#b9c7d2' }}>
          {phaseLabel(tracker)}
        </Box>
        {order && (
          <Box component="span" data-testid="race-order" sx={{ color: '#e8eef2' }}>
            {order}
          </Box>
        )}
      </Box>
    </Box>
  );
}
