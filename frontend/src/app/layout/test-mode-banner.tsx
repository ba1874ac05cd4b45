// Test mode (APP_TEST_MODE=true): a red TEST MODE bar over every page, players' and operators',
// so nobody mistakes a test installation (stacked casino shoes, scripted feeds) for the real site.
import { Box } from '@mui/material';
import { selectSiteConfig, useSiteConfigStore } from '@/features/site-config';

export function TestModeBanner() {
  const testMode = useSiteConfigStore(selectSiteConfig)?.test_mode;
  if (!testMode) return null;
  return (
    <Box
      role="status"
      data-testid="test-mode-banner"
      sx={{ bgcolor: '#c62828', color: '#fff', textAlign: 'center', fontWeight: 800, fontSize: 13, letterSpacing: 2, py: 0.5, position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    >
      TEST MODE: casino rounds may be stacked and the feed scripted
    </Box>
  );
}
