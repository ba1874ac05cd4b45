// A casino tile's live state over its face: countdown (or where the round is), last results, limits.
import { Box } from '@mui/material';
import { formatAmount } from '@/utils/format';
import { useTileLive } from '../hooks/use-tile-live';
import { resultBadge } from '../model/results';

const STATUS_TEXT = { OPEN: '', SUSPENDED: 'Dealing', RESULT: 'Result' } as const;

/** The table's live state over its face: countdown (or where the round is), last results, limits. */
export function TileLive({ gmid }: { gmid: string }) {
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
        {shownResults(gmid, live.results).map(({ row, badge }) => (
          <Box key={row.mid} title={row.nat} sx={{ minWidth: 18, height: 18, px: '3px', borderRadius: 9, display: 'grid', placeItems: 'center', fontSize: 10, fontWeight: 800, bgcolor: badge.background, color: badge.color, maxWidth: 44, overflow: 'hidden', whiteSpace: 'nowrap' }}>
            {badge.label}
          </Box>
        ))}
      </Box>
    </>
  );
}

/** Badges longer than this (KBC's five ranks, a lottery number) leave room for fewer results. */
const SHORT_LABEL_MAX = 3;
const RESULTS_SHOWN_LONG = 3;

/** The results a tile has room for, newest first, with their badges: all when every label is
 * short, the newest three when any is long (so a narrow tile never cuts one off). */
function shownResults<Row extends { win: string }>(gmid: string, results: ReadonlyArray<Row>) {
  const badged = results.map((row) => ({ row, badge: resultBadge(gmid, row.win) }));
  return badged.some(({ badge }) => badge.label.length > SHORT_LABEL_MAX) ? badged.slice(0, RESULTS_SHOWN_LONG) : badged;
}
