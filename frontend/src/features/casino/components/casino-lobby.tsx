// The casino lobby (spec §2, §5): the fixed header links of the casino types and the tables of
// the chosen type (encrypted list when signed in, plain for visitors), each tile live with its
// table's countdown, last results and limits. A tile is locked for casino id 19 and for tables
// the administrator locked; a visitor's click says how to watch.
import { Link as RouterLink } from 'react-router';
import { Box, Paper, Typography } from '@mui/material';
import { selectUser, useSession } from '@/lib/session';
import { useCasinoTiles } from '../hooks/use-casino-tiles';
import { lobbyTileAccess } from '../model/locks';
import { LOBBY_LINKS, lobbyPath } from '../model/lobby';
import { CasinoTileGrid } from './casino-tile-grid';

export function CasinoLobby({ typeId, onDemo }: { typeId: number; onDemo?: () => Promise<void> }) {
  const user = useSession(selectUser);
  const { tiles, loading } = useCasinoTiles(typeId, { encrypted: true });
  const title = LOBBY_LINKS.find((link) => link.id === typeId)?.label ?? 'Casino';
  return (
    <Paper component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box component="nav" aria-label="Casino types" sx={{ display: 'flex', overflowX: 'auto', bgcolor: 'header.main', scrollbarWidth: 'none' }}>
        {LOBBY_LINKS.map((link) => (
          <Box
            key={link.id}
            component={RouterLink}
            to={lobbyPath(link.id)}
            aria-current={link.id === typeId ? 'page' : undefined}
            sx={{
              flexShrink: 0,
              px: 1.5,
              py: 1,
              color: 'header.contrastText',
              textDecoration: 'none',
              fontSize: 13,
              fontWeight: 700,
              whiteSpace: 'nowrap',
              borderBottom: '3px solid transparent',
              '&[aria-current="page"]': { borderBottomColor: 'primary.main', color: 'primary.main' },
              '&:hover': { bgcolor: 'rgba(255,255,255,0.06)' },
            }}
          >
            {link.label}
          </Box>
        ))}
      </Box>
      <Box sx={{ p: 1 }}>
        <Typography component="h1" sx={{ fontSize: 16, fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <CasinoTileGrid tiles={tiles} loading={loading} access={(tile) => lobbyTileAccess(tile, user)} live onDemo={onDemo} />
      </Box>
    </Paper>
  );
}
