import { Box } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { selectSiteConfig, useSiteConfigStore } from '@/features/site-config';

/** The scrolling user announcement from the site config. */
export function Announcement() {
  const text = useSiteConfigStore(selectSiteConfig)?.user_announcement;
  if (!text) return null;
  return (
    <Box
      role="marquee"
      aria-label="Announcement"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flex: 1, overflow: 'hidden', fontSize: 13 }}
    >
      <CampaignIcon fontSize="small" sx={{ flexShrink: 0, color: 'primary.main' }} />
      <Box sx={{ overflow: 'hidden', flex: 1, height: 20, whiteSpace: 'nowrap' }}>
        {/* Two copies scroll by half their width, so the loop is seamless and text shows at once. */}
        <Box
          sx={{
            display: 'inline-flex',
            lineHeight: '20px',
            animation: 'exchange-marquee 30s steps(450) infinite',
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
