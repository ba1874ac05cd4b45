// The cover over a section's prices when it takes no bets: opaque, so no stale price shows
// through, on one line however narrow the cells (the text shrinks, then ellipses, and the whole
// of it is the cover's accessible name and tooltip).
import { Box } from '@mui/material';
import type { Overlay } from '../../model/status-overlay';

const TONES: Record<Overlay['tone'], { bg: string; color: string }> = {
  won: { bg: '#1b5e20', color: '#fff' },
  lost: { bg: '#2b2b2b', color: 'rgba(255,255,255,0.7)' },
  suspended: { bg: '#2b1a1a', color: 'error.light' },
  status: { bg: '#2b2b2b', color: 'warning.light' },
};

export function OverlayCover({ overlay, compact }: { overlay: Overlay; compact: boolean }) {
  const tone = TONES[overlay.tone];
  return (
    <Box
      data-testid="status-overlay"
      data-tone={overlay.tone}
      role="status"
      aria-label={overlay.text}
      title={overlay.text}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 0.5,
        bgcolor: tone.bg,
        color: tone.color,
        borderRadius: 0.5,
        fontWeight: 700,
        fontSize: compact ? 10 : 12,
        letterSpacing: 0.3,
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        zIndex: 1,
      }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {overlay.text}
      </Box>
    </Box>
  );
}
