// The home page's casino section (spec §2): every Our Casino table (`{gmid: 35, ismob: 1}`, plain),
// opened by anyone with a role; a visitor's click says how to watch. Hidden while there is no
// table to show.
import { Box, Typography } from '@mui/material';
import { selectUser, useSession } from '@/lib/session';
import { OUR_CASINO_TYPE } from '../api/get-casino-tiles';
import { useCasinoTiles } from '../hooks/use-casino-tiles';
import { homeTileAccess } from '../model/locks';
import { CasinoTileGrid } from './casino-tile-grid';

export function HomeCasinoGrid({ onDemo }: { onDemo?: () => Promise<void> }) {
  const user = useSession(selectUser);
  const { tiles, loading } = useCasinoTiles(OUR_CASINO_TYPE);
  const access = homeTileAccess(user);
  // No tables (or the list failed): the home page shows no empty casino section.
  if (!loading && tiles.length === 0) return null;
  return (
    <Box component="section" aria-label="Casino" data-testid="casino-grid" sx={{ mt: 2 }}>
      <Typography component="h2" sx={{ px: 1, py: 0.75, mb: 1, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14, borderRadius: 1 }}>
        Our Casino
      </Typography>
      <CasinoTileGrid tiles={tiles} loading={loading} access={() => access} onDemo={onDemo} />
    </Box>
  );
}
