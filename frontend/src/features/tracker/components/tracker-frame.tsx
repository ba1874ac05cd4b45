import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { teamColor } from '../model/colors';

/**
 * The tracker's frame: a dark panel with the two sides in their colours and the feed's status
 * line. The motion of every tracker is declared here once, as CSS: a new wagon-wheel line draws
 * itself, a new ball or point pops in, and moved elements glide on transform transitions, so the
 * browser does the animation without a script per frame.
 */
const MOTION = {
  '& .tracker-glide': { transition: 'transform 600ms ease-in-out, fill 600ms ease' },
  '& .tracker-draw': { strokeDasharray: 100, animation: 'tracker-draw 700ms ease-out both' },
  '& .tracker-pop': { animation: 'tracker-pop 350ms ease-out both' },
  '@keyframes tracker-draw': { from: { strokeDashoffset: 100 }, to: { strokeDashoffset: 0 } },
  '@keyframes tracker-pop': { from: { transform: 'scale(0.3)', opacity: 0 }, to: { transform: 'none', opacity: 1 } },
  '@media (prefers-reduced-motion: reduce)': {
    '& .tracker-glide': { transition: 'none' },
    '& .tracker-draw, & .tracker-pop': { animation: 'none' },
  },
} as const;

export function TeamChip({ team, name }: { team: number; name: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <Box component="span" sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: teamColor(team), flexShrink: 0 }} />
      <Box component="span" sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {name}
      </Box>
    </Box>
  );
}

/** `header` replaces the two sides' chips (a race has a field, not two sides). */
export function TrackerFrame({ sport, names, message, header, children }: { sport: string; names: string[]; message: string; header?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label="Match tracker"
      data-testid="tracker"
      data-sport={sport}
      sx={{ bgcolor: '#101820', color: '#e8eef2', borderRadius: 1, overflow: 'hidden', fontSize: 13, ...MOTION }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, px: 1.5, py: 0.75, bgcolor: '#18242f', fontSize: 13 }}>
        {header !== undefined ? (
          <Box component="span" sx={{ fontWeight: 700 }}>
            {header}
          </Box>
        ) : (
          <>
            <TeamChip team={0} name={names[0] ?? 'Home'} />
            <Typography component="span" sx={{ fontSize: 11, color: '#8fa3b3', flexShrink: 0 }}>
              v
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', minWidth: 0 }}>
              <TeamChip team={1} name={names[1] ?? 'Away'} />
            </Box>
          </>
        )}
      </Box>
      <Box sx={{ p: 1.5 }}>{children}</Box>
      {message && (
        <Box data-testid="tracker-message" sx={{ px: 1.5, py: 0.75, bgcolor: '#18242f', color: '#b9c7d2', fontSize: 12 }}>
          {message}
        </Box>
      )}
    </Box>
  );
}
