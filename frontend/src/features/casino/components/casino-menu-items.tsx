// The sidebar's Others entries (spec §2): Our Casino's lobby, then each of its tables from the
// casino list. A table opens for a user with a role; a visitor is told to log in (the home rule).
import { Link as RouterLink } from 'react-router';
import { ListItemButton, ListItemText } from '@mui/material';
import { notify } from '@/lib/notify';
import { selectUser, useSession } from '@/lib/session';
import { OUR_CASINO_TYPE } from '../api/get-casino-tiles';
import { useCasinoTiles } from '../hooks/use-casino-tiles';
import { homeTileLock } from '../model/locks';
import { lobbyPath } from '../model/lobby';

const ITEM_SX = { pl: 3 } as const;

export function CasinoMenuItems() {
  const user = useSession(selectUser);
  const { tiles } = useCasinoTiles(OUR_CASINO_TYPE);
  const lock = homeTileLock(user);
  return (
    <>
      <ListItemButton component={RouterLink} to={lobbyPath(OUR_CASINO_TYPE)} sx={ITEM_SX}>
        <ListItemText primary="Our Casino" />
      </ListItemButton>
      {tiles.map((tile) =>
        lock ? (
          <ListItemButton key={tile.gmid} onClick={() => notify.error(lock)} sx={ITEM_SX}>
            <ListItemText primary={tile.gname} />
          </ListItemButton>
        ) : (
          <ListItemButton key={tile.gmid} component={RouterLink} to={`/casino/${tile.gmid}`} sx={ITEM_SX}>
            <ListItemText primary={tile.gname} />
          </ListItemButton>
        ),
      )}
    </>
  );
}
