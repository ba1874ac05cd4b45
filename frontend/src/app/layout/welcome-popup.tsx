import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { WELCOME_FLAG_KEY } from './welcome-flag';

/** Shown once per browser (a local flag) with a phishing warning and a banner. */
export default function WelcomePopup() {
  const [open, setOpen] = useState(true);
  const close = () => {
    try {
      localStorage.setItem(WELCOME_FLAG_KEY, '1');
    } catch {
      // Without storage the popup may show again next time; nothing else depends on it.
    }
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="welcome-title">
      <Box component="img" src="/images/welcome-banner.svg" alt="Welcome banner" sx={{ width: '100%', display: 'block' }} />
      <DialogTitle id="welcome-title">Welcome</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <WarningAmberIcon color="warning" />
          <Typography>
            Beware of phishing: always check that you are on our official address before you log in. We never ask for
            your password by phone, chat or e-mail, and we never send links to log in.
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
