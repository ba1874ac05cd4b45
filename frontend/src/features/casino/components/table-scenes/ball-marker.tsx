import { Box } from '@mui/material';
import { DEAL_MOTION } from '@/components/playing-card';

const BALL_COLOURS: Record<string, string> = { '0': '#37474f', '4': '#2e7d32', '6': '#f5b700', W: '#c62828' };

/** One ball of an over: its mark on a coloured ball, blank before it is bowled, `?` while it is. */
export function BallMarker({ mark, pending = false }: { mark?: string; pending?: boolean }) {
  return (
    <Box
      data-ball={mark ?? ''}
      aria-label={mark ? `ball ${mark}` : pending ? 'ball being bowled' : 'ball to come'}
      sx={{
        width: 26,
        height: 26,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: 12,
        fontWeight: 800,
        border: pending ? '2px dashed #f5b700' : '1px solid rgba(255,255,255,0.4)',
        bgcolor: mark ? (BALL_COLOURS[mark] ?? '#1e6fd0') : 'transparent',
        color: mark === '6' ? '#141414' : '#fff',
        ...(mark ? DEAL_MOTION : {}),
      }}
    >
      {mark ?? (pending ? '?' : '')}
    </Box>
  );
}
