// The operators' console frame: its own bar with the console's pages and sign-out, no sports
// sidebar. Imported only by the lazy /ops routes, so it ships in their chunks.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { AppBar, Box, Button, Stack, Toolbar, Typography } from '@mui/material';
import { useAuthActions } from '@/features/auth';
import { selectUser, useSession } from '@/lib/session';

const PAGES = [
  { to: '/ops/users', label: 'Users' },
  { to: '/ops/wallet', label: 'Wallet' },
  { to: '/ops/feed', label: 'Feed' },
  { to: '/ops/house', label: 'House' },
  { to: '/ops/casino', label: 'Casino' },
  { to: '/ops/audit', label: 'Audit' },
  { to: '/ops/password', label: 'Password' },
] as const;

export function OpsShell({ title, children }: { title: string; children: ReactNode }) {
  const user = useSession(selectUser);
  const { signOut } = useAuthActions();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="div" sx={{ mr: 2 }}>
            Operator console
          </Typography>
          <Stack component="nav" aria-label="Console" direction="row" spacing={1} useFlexGap sx={{ flexGrow: 1, flexWrap: 'wrap' }}>
            {PAGES.map((page) => (
              <Button key={page.to} component={NavLink} to={page.to} color="inherit" sx={{ '&.active': { bgcolor: 'rgba(255,255,255,0.15)' } }}>
                {page.label}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2">{user?.username}</Typography>
          <Button color="inherit" variant="outlined" onClick={() => void signOut('/login')}>
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1400, mx: 'auto' }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
