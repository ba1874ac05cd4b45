import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import LiveTvIcon from '@mui/icons-material/LiveTv';

/**
 * The live TV toggle (spec §2, §6): only role user would get the stream URL; there is no real
 * stream, so users see a stream panel placeholder and everyone else a placeholder image.
 */
export function LiveTv({ canWatch }: { canWatch: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mb: 1 }}>
      <Button size="small" variant={open ? 'contained' : 'outlined'} startIcon={<LiveTvIcon />} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        Live TV
      </Button>
      {open &&
        (canWatch ? (
          <Box
            aria-label="Live stream"
            data-testid="live-stream"
            sx={{ mt: 1, aspectRatio: '16 / 9', maxHeight: 260, bgcolor: '#000', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Typography sx={{ color: 'grey.500', fontSize: 13 }}>Stream</Typography>
          </Box>
        ) : (
          <Box component="img" src="/images/live-tv-placeholder.svg" alt="Live TV is available to signed-in players" sx={{ mt: 1, width: '100%', maxHeight: 260, objectFit: 'cover', borderRadius: 1 }} />
        ))}
    </Box>
  );
}
