// Casino tiles (spec §2, §5): one card per table linking to /casino/{gmid}. The server sends no
// table images (`imgUrl`/`imgpath` are empty), so a tile without one is drawn: the table's
// colours, an emblem and its name. A live grid (the lobby) shows each table's state over push:
// its countdown, last results and stake limits. A padlock shows only on a table that is locked
// (a click says why); a visitor's click opens a dialog saying how to watch: log in, or the demo.
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import type { CasinoTile } from '@/types';
import { notify } from '@/lib/notify';
import { formatAmount } from '@/utils/format';
import { useTileLive } from '../hooks/use-tile-live';
import type { TileAccess } from '../model/locks';
import { resultBadge } from '../model/results';

type Artwork = { gradient: string; emblem: string };

const ARTWORK: Record<string, Artwork> = {
  teen20: { gradient: 'linear-gradient(135deg, #5b1a8c 0%, #b0246e 100%)', emblem: '♠♥♣' },
  lucky7: { gradient: 'linear-gradient(135deg, #b34700 0%, #e8a100 100%)', emblem: '7' },
  dt20: { gradient: 'linear-gradient(135deg, #7a0e0e 0%, #d9531e 100%)', emblem: 'D | T' },
  ab20: { gradient: 'linear-gradient(135deg, #0b5e55 0%, #23a36b 100%)', emblem: 'A | B' },
  card32: { gradient: 'linear-gradient(135deg, #16327a 0%, #3f6fd6 100%)', emblem: '32' },
  baccarat: { gradient: 'linear-gradient(135deg, #0d4a2a 0%, #2f8f5b 100%)', emblem: 'P | B' },
  war: { gradient: 'linear-gradient(135deg, #3b3b3b 0%, #8c1c1c 100%)', emblem: 'WAR' },
  poker20: { gradient: 'linear-gradient(135deg, #102a43 0%, #1f7a5a 100%)', emblem: 'A♠ K♥' },
  race20: { gradient: 'linear-gradient(135deg, #4a148c 0%, #c2185b 100%)', emblem: 'K♠ K♥ K♣ K♦' },
  ballbyball: { gradient: 'linear-gradient(135deg, #0b4d2c 0%, #7cb342 100%)', emblem: '4 · 6 · W' },
  sicbo: { gradient: 'linear-gradient(135deg, #5a2d0c 0%, #c0392b 100%)', emblem: '⚄⚂⚅' },
  worli: { gradient: 'linear-gradient(135deg, #1a237e 0%, #00838f 100%)', emblem: '1 2 8' },
  '3cardj': { gradient: 'linear-gradient(135deg, #263238 0%, #6a1b9a 100%)', emblem: 'A 7 K' },
  kbc: { gradient: 'linear-gradient(135deg, #311b92 0%, #f9a825 100%)', emblem: '? ? ?' },
  lottcard: { gradient: 'linear-gradient(135deg, #004d40 0%, #f57f17 100%)', emblem: '4 0 7' },
  superover: { gradient: 'linear-gradient(135deg, #0d47a1 0%, #2e7d32 100%)', emblem: '6 · 6 · W' },
  roulette: {
    gradient:
      'radial-gradient(circle at 50% 40%, #1f7a3d 0 17%, #d4af37 17% 19%, transparent 19% 46%, rgba(0,0,0,0.55) 46%), repeating-conic-gradient(from 0deg at 50% 40%, #b71c1c 0 9.73deg, #141414 9.73deg 19.46deg)',
    emblem: '',
  },
};

/** A stable hue from the name, for tables without artwork of their own. */
function fallbackArtwork(name: string): Artwork {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return { gradient: `linear-gradient(135deg, hsl(${hash} 55% 25%) 0%, hsl(${(hash + 40) % 360} 65% 45%) 100%)`, emblem: name.charAt(0) };
}

export function tileImage(tile: CasinoTile): string {
  return tile.imgUrl || tile.imgpath;
}

function TileFace({ tile }: { tile: CasinoTile }) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = tileImage(tile);
  const art = ARTWORK[tile.gmid] ?? fallbackArtwork(tile.gname);
  return (
    <Box sx={{ position: 'relative', aspectRatio: '4 / 3', background: art.gradient, overflow: 'hidden' }}>
      {image && !imageFailed ? (
        <Box component="img" src={image} alt="" onError={() => setImageFailed(true)} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <>
          <Box aria-hidden sx={{ display: art.emblem ? 'block' : 'none', position: 'absolute', left: -8, top: -18, fontSize: 96, lineHeight: 1, color: 'rgba(255,255,255,0.08)', fontWeight: 900 }}>
            ♠
          </Box>
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: '0 0 28px 0',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: '#fff',
              fontWeight: 900,
              fontSize: { xs: 26, md: 32 },
              letterSpacing: 1,
              textShadow: '0 2px 6px rgba(0,0,0,0.45)',
            }}
          >
            {art.emblem}
          </Box>
        </>
      )}
      <Typography
        component="span"
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          px: 1,
          py: 0.5,
          bgcolor: 'rgba(0,0,0,0.55)',
          color: '#fff',
          fontSize: 13,
          fontWeight: 700,
          textAlign: 'center',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {tile.gname}
      </Typography>
    </Box>
  );
}

const TILE_SX = {
  display: 'block',
  borderRadius: 1,
  overflow: 'hidden',
  position: 'relative',
  color: 'inherit',
  textDecoration: 'none',
  boxShadow: '0 2px 6px rgba(0,0,0,0.4)',
  border: 0,
  p: 0,
  width: '100%',
  font: 'inherit',
  textAlign: 'left',
} as const;

const STATUS_TEXT = { OPEN: '', SUSPENDED: 'Dealing', RESULT: 'Result' } as const;

/** The table's live state over its face: countdown (or where the round is), last results, limits. */
function TileLive({ gmid }: { gmid: string }) {
  const live = useTileLive(gmid);
  if (!live) return null;
  const open = live.status === 'OPEN';
  return (
    <>
      <Box
        data-testid="tile-countdown"
        data-lt={live.lt}
        data-status={live.status}
        sx={{ position: 'absolute', top: 6, left: 6, px: 0.75, minWidth: 28, height: 24, borderRadius: 12, display: 'grid', placeItems: 'center', bgcolor: open ? (live.lt > 5 ? '#2e7d32' : '#ef6c00') : 'rgba(0,0,0,0.7)', color: '#fff', fontSize: 12, fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
      >
        {open ? live.lt : STATUS_TEXT[live.status]}
      </Box>
      {live.min > 0 && (
        <Box data-testid="tile-limits" sx={{ position: 'absolute', top: 6, right: 6, px: 0.75, height: 20, borderRadius: 10, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', fontSize: 10.5, fontWeight: 700 }}>
          {formatAmount(live.min)}–{formatAmount(live.max)}
        </Box>
      )}
      <Box data-testid="tile-results" aria-label="Last results" sx={{ position: 'absolute', left: 0, right: 0, bottom: 28, display: 'flex', justifyContent: 'center', gap: '3px' }}>
        {live.results.map((row) => {
          const badge = resultBadge(gmid, row.win);
          return (
            <Box key={row.mid} title={row.nat} sx={{ minWidth: 18, height: 18, px: '3px', borderRadius: 9, display: 'grid', placeItems: 'center', fontSize: 10, fontWeight: 800, bgcolor: badge.background, color: badge.color, maxWidth: 44, overflow: 'hidden', whiteSpace: 'nowrap' }}>
              {badge.label}
            </Box>
          );
        })}
      </Box>
    </>
  );
}

function Tile({ tile, access, live, onWatch }: { tile: CasinoTile; access: TileAccess; live: boolean; onWatch: (tile: CasinoTile) => void }) {
  if (access.kind === 'locked') {
    return (
      <Box
        component="button"
        type="button"
        data-testid="casino-tile"
        data-gmid={tile.gmid}
        data-locked="true"
        aria-label={`${tile.gname} (locked)`}
        onClick={() => notify.error(access.message)}
        sx={{ ...TILE_SX, cursor: 'not-allowed', bgcolor: 'transparent' }}
      >
        <TileFace tile={tile} />
        <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(0,0,0,0.35)' }} />
        <Box sx={{ position: 'absolute', top: 6, right: 6, width: 30, height: 30, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.7)', border: '1px solid rgba(255,255,255,0.4)' }}>
          <LockIcon aria-hidden sx={{ color: '#fff', fontSize: 18 }} />
        </Box>
      </Box>
    );
  }
  if (access.kind === 'login') {
    return (
      <Box
        component="button"
        type="button"
        data-testid="casino-tile"
        data-gmid={tile.gmid}
        data-locked="false"
        data-access="login"
        aria-label={tile.gname}
        onClick={() => onWatch(tile)}
        sx={{ ...TILE_SX, cursor: 'pointer', bgcolor: 'transparent', transition: 'transform 120ms', '&:hover': { transform: 'translateY(-2px)' } }}
      >
        <TileFace tile={tile} />
        {live && <TileLive gmid={tile.gmid} />}
      </Box>
    );
  }
  return (
    <Box
      component={RouterLink}
      to={`/casino/${tile.gmid}`}
      data-testid="casino-tile"
      data-gmid={tile.gmid}
      data-locked="false"
      aria-label={tile.gname}
      sx={{ ...TILE_SX, transition: 'transform 120ms', '&:hover': { transform: 'translateY(-2px)' } }}
    >
      <TileFace tile={tile} />
      {live && <TileLive gmid={tile.gmid} />}
    </Box>
  );
}

/** A visitor's click on a table: how to watch it. */
function WatchDialog({ tile, onClose, onDemo }: { tile: CasinoTile | null; onClose: () => void; onDemo?: () => Promise<void> }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const demo = async () => {
    if (!tile || !onDemo) return;
    setBusy(true);
    try {
      await onDemo();
      navigate(`/casino/${tile.gmid}`);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog open={tile !== null} onClose={onClose} aria-labelledby="watch-title" data-testid="watch-dialog">
      <DialogTitle id="watch-title">Watch {tile?.gname}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontSize: 14 }}>Log in to watch and bet at this table, or try the demo: a practice account with play money, no sign-up.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {onDemo && (
          <Button variant="outlined" disabled={busy} onClick={() => void demo()}>
            Demo
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to="/login">
          Login
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export type CasinoTileGridProps = {
  tiles: ReadonlyArray<CasinoTile>;
  loading: boolean;
  /** Whether a tile opens, asks a visitor to log in, or is locked (and why). */
  access: (tile: CasinoTile) => TileAccess;
  /** Each tile shows its table's live state. */
  live?: boolean;
  /** Starts a demo session (the watch dialog's Demo button). */
  onDemo?: () => Promise<void>;
};

export function CasinoTileGrid({ tiles, loading, access, live = false, onDemo }: CasinoTileGridProps) {
  const [watching, setWatching] = useState<CasinoTile | null>(null);
  if (loading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label="Loading casino" />
      </Box>
    );
  }
  if (tiles.length === 0) {
    return <Typography sx={{ p: 2, textAlign: 'center', color: 'text.secondary' }}>No data available</Typography>;
  }
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(5, 1fr)' }, gap: 1 }}>
        {tiles.map((tile) => (
          <Tile key={`${tile.ctype}-${tile.gmid}`} tile={tile} access={access(tile)} live={live} onWatch={setWatching} />
        ))}
      </Box>
      <WatchDialog tile={watching} onClose={() => setWatching(null)} onDemo={onDemo} />
    </>
  );
}
