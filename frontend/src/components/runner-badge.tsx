// A race runner's number on its colours (a greyhound's trap jacket, a horse's saddle cloth): the
// jacket the race tracker draws in each lane, and a badge of it for a table of the rules.
import { runnerColors } from '@/utils/race-colors';
import type { RaceKind } from '@/utils/race-kind';

const SIZE = 18;

/** A runner's jacket or cloth with its number, centred on (0, 0), 14 units wide: for an SVG. */
export function RunnerJacket({ kind, number }: { kind: RaceKind; number: number }) {
  const colors = runnerColors(kind, number);
  return (
    <>
      <rect x={-7} y={-7} width={14} height={14} rx={3} fill={colors.fill} stroke="#101820" strokeWidth={1} />
      {colors.stripe && <rect x={-7} y={-1.5} width={14} height={3} fill={colors.stripe} />}
      <text y={3.5} fontSize={9} fontWeight={700} textAnchor="middle" fill={colors.text} stroke={colors.stripe ? '#101820' : 'none'} strokeWidth={colors.stripe ? 0.4 : 0}>
        {number}
      </text>
    </>
  );
}

export function RunnerBadge({ kind, number }: { kind: RaceKind; number: number }) {
  const label = kind === 'greyhound' ? `Trap ${number}` : `Saddle cloth ${number}`;
  return (
    <svg width={SIZE} height={SIZE} viewBox="-8 -8 16 16" role="img" aria-label={label} data-testid="runner-badge" style={{ verticalAlign: 'middle', flexShrink: 0 }}>
      <RunnerJacket kind={kind} number={number} />
    </svg>
  );
}
