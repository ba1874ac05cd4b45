import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { User } from '@/types';
import { useAuthActions } from '@/features/auth';
import { hasRole } from '../access';

type Entry = { label: string; to: string; userOnly?: boolean };

/** Spec §2 dropdown entries, in order; Rules (mobile only) and SignOut follow. */
export const MENU_ENTRIES: Entry[] = [
  { label: 'Withdraw Statement', to: '/withdraw-statement', userOnly: true },
  { label: 'Deposit Statement', to: '/deposit-statement', userOnly: true },
  { label: 'Bonus', to: '/bonus', userOnly: true },
  { label: 'Account Statement', to: '/account-statement' },
  { label: 'Current Bet', to: '/current-bet' },
  { label: 'Activity Logs', to: '/activity-log', userOnly: true },
  { label: 'Casino Results', to: '/casino-results' },
  { label: 'Live Casino Bets', to: '/live-casino-bets', userOnly: true },
  { label: 'Set Button Values', to: '/button-values' },
  { label: 'Security Auth Verification', to: '/secure-auth', userOnly: true },
  { label: 'Change Password', to: '/change-password', userOnly: true },
];

const loadMenu = () => import('./user-menu-list');
const UserMenuList = lazy(loadMenu);

/** Starts fetching the dropdown when the pointer or focus reaches the button. */
function preloadMenu(): void {
  void loadMenu();
}

/** A player's Deposit and Withdraw (spec §6): header buttons on a wide screen, the dropdown's first entries on a narrow one. */
export const WALLET_ENTRIES: Entry[] = [
  { label: 'Deposit', to: '/deposit', userOnly: true },
  { label: 'Withdraw', to: '/withdraw', userOnly: true },
];

export function menuEntriesFor(user: User, mobile = false): Entry[] {
  const isUser = hasRole(user, 'user');
  return [...(mobile ? WALLET_ENTRIES : []), ...MENU_ENTRIES].filter((entry) => !entry.userOnly || isUser);
}

export function UserMenu({ user, mobile, onRules }: { user: User; mobile: boolean; onRules: () => void }) {
  const navigate = useNavigate();
  const { signOut } = useAuthActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so later closings keep their exit transition.
  const [used, setUsed] = useState(false);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        sx={{ maxWidth: { xs: 110, md: 180 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: 1 }}
      >
        {user.username}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <UserMenuList
            anchor={anchor}
            entries={menuEntriesFor(user, mobile)}
            showRules={mobile}
            onClose={close}
            onPick={(to) => {
              close();
              navigate(to);
            }}
            onRules={() => {
              close();
              onRules();
            }}
            onSignOut={() => {
              close();
              void signOut('/');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
