import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  AppBar,
  Box,
  Button,
  IconButton,
  Toolbar,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { selectUser, useSession } from '@/lib/session';
import { formatAmount, formatFixed } from '@/utils/format';
import { useAuthActions } from '@/features/auth';
import { SiteLogo } from '@/features/site-config';
import { LazyMatchSearch } from '@/features/sports';
import { hasRole } from '../access';
import { Announcement } from './announcement';
import { UserMenu, WALLET_ENTRIES } from './user-menu';

// Dialogs load when first opened, keeping them out of the home page's initial JavaScript.
const RulesDialog = lazy(() => import('@/features/rules').then((m) => ({ default: m.RulesDialog })));
const MyMarketDialog = lazy(() => import('./my-market-dialog'));

function BalanceBlock({ balance, exp, onExposure }: { balance: number; exp: number; onExposure: () => void }) {
  return (
    <Box sx={{ textAlign: 'right', lineHeight: 1.25, fontSize: { xs: 12, md: 13 }, whiteSpace: 'nowrap' }}>
      <Box aria-label="Balance" title={formatFixed(balance)}>
        Balance: <b data-testid="balance">{formatAmount(balance)}</b>
      </Box>
      <Box
        component="button"
        type="button"
        aria-label="Exposure"
        title={formatFixed(exp)}
        onClick={onExposure}
        sx={{
          all: 'unset',
          cursor: exp < 0 ? 'pointer' : 'default',
          textDecoration: exp < 0 ? 'underline' : 'none',
        }}
      >
        Exp: <b data-testid="exposure">{formatAmount(exp)}</b>
      </Box>
    </Box>
  );
}

/** A player's Deposit and Withdraw buttons (spec §6; in the dropdown on a narrow screen). */
function WalletButtons() {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {WALLET_ENTRIES.map((entry) => (
        <Button key={entry.to} variant="contained" color={entry.to === '/deposit' ? 'success' : 'error'} size="small" component={RouterLink} to={entry.to}>
          {entry.label}
        </Button>
      ))}
    </Box>
  );
}

export function Header({ onMenuClick }: { onMenuClick?: () => void }) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  // Under 1200 px the announcement gets its own row so it has room to be read.
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const user = useSession(selectUser);
  const { signInDemo } = useAuthActions();
  const [rulesOpen, setRulesOpen] = useState(false);
  const [marketsOpen, setMarketsOpen] = useState(false);
  const [demoBusy, setDemoBusy] = useState(false);

  const startDemo = async () => {
    setDemoBusy(true);
    try {
      await signInDemo();
    } finally {
      setDemoBusy(false);
    }
  };

  const right = user ? (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2 } }}>
      {!mobile && <LazyMatchSearch />}
      {!mobile && (
        <Button color="inherit" onClick={() => setRulesOpen(true)} sx={{ fontWeight: 700 }}>
          Rules
        </Button>
      )}
      {!mobile && hasRole(user, 'user') && <WalletButtons />}
      <BalanceBlock balance={user.balance} exp={user.exp} onExposure={() => user.exp < 0 && setMarketsOpen(true)} />
      <UserMenu user={user} mobile={mobile} onRules={() => setRulesOpen(true)} />
    </Box>
  ) : (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {!mobile && (
        <Button color="inherit" onClick={() => setRulesOpen(true)} sx={{ fontWeight: 700 }}>
          Rules
        </Button>
      )}
      <Button variant="outlined" color="inherit" size="small" disabled={demoBusy} onClick={() => void startDemo()}>
        Demo
      </Button>
      <Button variant="contained" size="small" component={RouterLink} to="/login">
        Login
      </Button>
      <Button variant="contained" color="secondary" size="small" component={RouterLink} to="/register">
        Register
      </Button>
    </Box>
  );

  return (
    <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'header.main', color: 'header.contrastText' }}>
      <Toolbar variant="dense" sx={{ gap: { xs: 1, md: 2 }, minHeight: 56, px: { xs: 1, md: 2 } }}>
        {onMenuClick && (
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={onMenuClick}>
            <MenuIcon />
          </IconButton>
        )}
        <Box component={RouterLink} to="/" aria-label="Home" sx={{ display: 'flex', flexShrink: 0 }}>
          <SiteLogo height={mobile ? 32 : 40} />
        </Box>
        {narrow ? <Box sx={{ flex: 1 }} /> : <Announcement />}
        {right}
      </Toolbar>
      {narrow && (
        <Box sx={{ px: { xs: 1, md: 2 }, pb: 0.5 }}>
          <Announcement />
        </Box>
      )}
      {rulesOpen && (
        <Suspense fallback={null}>
          <RulesDialog
            open={rulesOpen}
            onClose={() => setRulesOpen(false)}
            actions={<Button onClick={() => setRulesOpen(false)}>Close</Button>}
          />
        </Suspense>
      )}
      {marketsOpen && (
        <Suspense fallback={null}>
          <MyMarketDialog onClose={() => setMarketsOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
