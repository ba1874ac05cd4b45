// The latest-events ticker of the home page: each event links to its match page; a finished
// match leaves it without a reload.
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Link } from '@mui/material';
import { tickerLink } from '@/utils/event-link';
import { selectLatest, useSportsStore } from '../stores/sports-store';

/** Loaded once, then kept live by the `tree` topic (`useLiveNavigation`). */
export function LatestEventsTicker() {
  const events = useSportsStore(selectLatest) ?? [];
  const loadLatest = useSportsStore((state) => state.loadLatest);
  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);
  if (events.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label="Latest events"
      data-testid="latest-events"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        borderRadius: 1,
        mb: 1,
        height: 30,
        '@keyframes ticker': { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } },
      }}
    >
      <Box sx={{ px: 1, height: '100%', display: 'flex', alignItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: 12, flexShrink: 0, zIndex: 1 }}>
        Latest
      </Box>
      <Box sx={{ display: 'flex', whiteSpace: 'nowrap', animation: 'ticker 40s linear infinite', '&:hover': { animationPlayState: 'paused' } }}>
        {[...events, ...events].map((event, index) => (
          <Link
            key={`${event.id}-${index}`}
            component={RouterLink}
            to={tickerLink(event.sportId, event.id)}
            underline="hover"
            color="inherit"
            aria-hidden={index >= events.length ? true : undefined}
            tabIndex={index >= events.length ? -1 : undefined}
            sx={{ px: 2, fontSize: 13, borderRight: 1, borderColor: 'divider' }}
          >
            {event.name}
          </Link>
        ))}
      </Box>
    </Box>
  );
}
