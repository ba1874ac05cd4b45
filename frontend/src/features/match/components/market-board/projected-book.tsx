import { Typography } from '@mui/material';
import { formatFixed } from '@/utils/format';
import { projectedRunner } from '../../model/slip';
import { useMatchStore } from '../../stores/match-store';

/** What this runner's book would be if the slip's bet were matched, as the player types (liveBook). */
export function ProjectedBook({ mid, sid, today }: { mid: number; sid: number; today: number }) {
  const projected = useMatchStore((state) => projectedRunner(state.slip, mid, sid, today));
  if (projected === null) return null;
  return (
    <Typography data-testid="projected-book" aria-label={`if matched ${formatFixed(projected)}`} sx={{ fontSize: 11, fontWeight: 700, color: projected >= 0 ? 'success.light' : 'error.light' }}>
      » {formatFixed(projected)}
    </Typography>
  );
}
