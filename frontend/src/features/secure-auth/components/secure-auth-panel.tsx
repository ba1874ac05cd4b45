import { useEffect, useState } from 'react';
import { Box, Chip, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { SecureAuthStatus } from '@/types';
import { getSecureAuth } from '../api/get-secure-auth';
import { MobileAuthTab } from './mobile-auth-tab';
import { TelegramAuthTab } from './telegram-auth-tab';

type TabKey = 'mobile' | 'telegram';

/** Secure Auth (spec §2), real two-factor: status, and the Mobile (TOTP) and Telegram tabs. */
export function SecureAuthPanel() {
  const [status, setStatus] = useState<SecureAuthStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<TabKey>('mobile');

  useEffect(() => {
    let active = true;
    getSecureAuth()
      .then((data) => active && data && setStatus(data))
      .catch((error: unknown) => {
        console.error('Error fetching secure auth:', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, []);

  if (failed) return <Typography>No record found!</Typography>;
  if (!status) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading secure auth" />
      </Box>
    );
  }

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography>Status:</Typography>
        <Chip
          data-testid="secure-auth-status"
          label={status.status}
          color={status.status === 'Enabled' ? 'success' : 'default'}
          size="small"
        />
      </Box>
      <Tabs value={tab} onChange={(_, next: TabKey) => setTab(next)} variant="fullWidth" sx={{ mb: 2, maxWidth: 480 }}>
        <Tab value="mobile" label="Enable Using Mobile" />
        <Tab value="telegram" label="Enable Using Telegram" />
      </Tabs>
      {tab === 'mobile' ? (
        <MobileAuthTab status={status} onStatus={setStatus} />
      ) : (
        <TelegramAuthTab
          connectionId={status.telegramConnectionId}
          onConnected={(connectionId) => setStatus((current) => (current ? { ...current, telegramConnectionId: connectionId } : current))}
        />
      )}
    </Paper>
  );
}
