// Casino tiles (spec §2, §5): one card per table linking to /casino/{gmid}. The server sends no
// table images (`imgUrl`/`imgpath` are empty), so a tile without one is drawn: the table's
// colours, an emblem and its name. A live grid (the lobby) shows each table's state over push:
// its countdown, last results and stake limits. A padlock shows only on a table that is locked
// (a click says why); a visitor's click opens a dialog saying how to watch: log in, or the demo.
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, CircularProgress, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import type { CasinoTile } from '@/types';
import { notify } from '@/lib/notify';
import type { TileAccess } from '../model/locks';

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

// A tile's live state (its table topic) loads with the lobby's live tiles, not on the home page.
const TileLive = lazy(() => import('./tile-live').then((m) => ({ default: m.TileLive })));

function LiveState({ gmid }: { gmid: string }) {
  return (
    <Suspense fallback={null}>
      <TileLive gmid={gmid} />
    </Suspense>
  );
}

/** An open tile rises under the pointer. */
const LIFT_SX = { transition: 'transform 120ms', '&:hover': { transform: 'translateY(-2px)' } } as const;

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
        sx={{ ...TILE_SX, ...LIFT_SX, cursor: 'pointer', bgcolor: 'transparent' }}
      >
        <TileFace tile={tile} />
        {live && <LiveState gmid={tile.gmid} />}
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
      sx={{ ...TILE_SX, ...LIFT_SX }}
    >
      <TileFace tile={tile} />
      {live && <LiveState gmid={tile.gmid} />}
    </Box>
  );
}

// The watch dialog (MUI's Dialog, its modal and transitions) loads on a visitor's first click:
// the home page's initial JavaScript stays within its budget (e2e/bundle-size.test.js).
const WatchDialog = lazy(() => import('./watch-dialog').then((m) => ({ default: m.WatchDialog })));

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
      {watching && (
        <Suspense fallback={null}>
          <WatchDialog tile={watching} onClose={() => setWatching(null)} onDemo={onDemo} />
        </Suspense>
      )}
    </>
  );
}
