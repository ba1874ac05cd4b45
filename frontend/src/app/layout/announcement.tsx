import { useState } from 'react';
import { Box } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { selectSiteConfig, useSiteConfigStore } from '@/features/site-config';

/** How long one pass of the announcement takes. */
export const ANNOUNCEMENT_PASS_S = 30;

/**
 * The scrolling user announcement from the site config. It scrolls once when it appears (the
 * page opens or the text changes), then rests showing its beginning: a ticker that never stops
 * repaints the page for as long as it is open (docs/decisions.md, "The header's announcement").
 * Hovering pauses it, a click plays it again, and the whole text is its tooltip.
 */
export function Announcement() {
  const text = useSiteConfigStore(selectSiteConfig)?.user_announcement;
  const [plays, setPlays] = useState(0);
  if (!text) return null;
  return (
    <Box
      role="marquee"
      aria-label="Announcement"
      title={text}
      onClick={() => setPlays((n) => n + 1)}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flex: 1, overflow: 'hidden', fontSize: 13, cursor: 'pointer' }}
    >
      <CampaignIcon fontSize="small" sx={{ flexShrink: 0, color: 'primary.main' }} />
      <Box sx={{ overflow: 'hidden', flex: 1, height: 20, whiteSpace: 'nowrap' }}>
        {/* Two copies scroll by half their width, so the pass ends where it began and text shows at once. */}
        <Box
          key={`${text}#${plays}`}
          data-testid="announcement-track"
          sx={{
            display: 'inline-flex',
            lineHeight: '20px',
            animation: `exchange-marquee ${ANNOUNCEMENT_PASS_S}s steps(450) 1`,
            '@keyframes exchange-marquee': {
              from: { transform: 'translateX(0)' },
              to: { transform: 'translateX(-50%)' },
            },
            '&:hover': { animationPlayState: 'paused' },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Box component="span" sx={{ pr: 8 }}>
            {text}
          </Box>
          <Box component="span" aria-hidden sx={{ pr: 8 }}>
            {text}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
