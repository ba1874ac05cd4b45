import { useState, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import LiveTvIcon from '@mui/icons-material/LiveTv';

/**
 * The live TV box (spec §2, §6). There is no real stream: a match whose feed sends a live
 * tracker shows it here to every spectator, open from the start (docs/decisions.md); without
 * one, a match its feed marks as televised (`tv`) shows users (the only role that would get a
 * stream URL) the stream panel and everyone else the placeholder image. A match with neither
 * (a scripted fixture whose feed sends only scores) has no box: the scoreboard above is all
 * there is to watch, and "log in to watch" would promise pictures nobody gets.
 */
export function LiveTv({ canWatch, tracker, televised }: { canWatch: boolean; tracker?: ReactNode; televised: boolean }) {
  const [open, setOpen] = useState(true);
  if (!tracker && !televised) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Button size="small" variant={open ? 'contained' : 'outlined'} startIcon={<LiveTvIcon />} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        Live TV
      </Button>
      {open && <Box sx={{ mt: 1 }}>{tracker ?? <NoTracker canWatch={canWatch} />}</Box>}
    </Box>
  );
}

function NoTracker({ canWatch }: { canWatch: boolean }) {
  return canWatch ? (
    <Box
      aria-label="Live stream"
      data-testid="live-stream"
      sx={{ aspectRatio: '16 / 9', maxHeight: 260, bgcolor: '#000', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Typography sx={{ color: 'grey.500', fontSize: 13 }}>Stream</Typography>
    </Box>
  ) : (
    <Box component="img" src="/images/live-tv-placeholder.svg" alt="Live TV is available to signed-in players" sx={{ width: '100%', maxHeight: 260, objectFit: 'cover', borderRadius: 1 }} />
  );
}
