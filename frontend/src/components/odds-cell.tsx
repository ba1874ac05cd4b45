// One back (blue) or lay (pink) price cell of a market table. Odds of 0 or less show as a dash,
// a locked cell shows a lock, and a changed price flashes for 200 ms (spec §2, §4, §9).
// Match pages render hundreds of these and change dozens a second, so the cell is a plain button
// with one shared styled class: side, flash, size and selection are attributes, never new styles.
// Cells can also lock as one layer: inside a disabled `LockLayer` (a casino table's group while
// betting is closed) every cell is disabled by the fieldset and shows the same lock, drawn by CSS,
// so a round closing and opening changes one attribute and renders no cell.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import LockIcon from '@mui/icons-material/Lock';
import { formatAmount } from '@/utils/format';

export const ODDS_FLASH_MS = 200;

/** MUI's Lock icon (the `LockIcon` a cell locked on its own shows) as a mask, for the layer's lock. */
const LOCK_MASK = `url("data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z"/></svg>')}") center / contain no-repeat`;

const LayerFieldset = styled('fieldset')({ margin: 0, padding: 0, border: 0, minWidth: 0 });

/** Locks every cell inside it while `locked` (see the header). */
export function LockLayer({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <LayerFieldset data-lock-layer="true" data-locked={locked ? 'true' : 'false'} disabled={locked}>
      {children}
    </LayerFieldset>
  );
}

export type OddsCellProps = {
  side: 'back' | 'lay';
  odds: number;
  size?: number;
  locked?: boolean;
  onSelect?: () => void;
  /** Narrow cells for the dense tables of small screens. */
  compact?: boolean;
  /** Marks the cell of the current bet-slip selection. */
  selected?: boolean;
  /** An empty cell still takes a click (an exchange's empty book: the player names the price). */
  emptySelectable?: boolean;
};

const Cell = styled('button')(({ theme }) => ({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  minWidth: 56,
  minHeight: 40,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  userSelect: 'none',
  fontFamily: theme.typography.fontFamily,
  '&[data-side="back"]': { backgroundColor: theme.palette.back.main, color: theme.palette.back.contrastText },
  '&[data-side="lay"]': { backgroundColor: theme.palette.lay.main, color: theme.palette.lay.contrastText },
  '&[data-side="back"][data-flash="true"]': { backgroundColor: theme.palette.back.light },
  '&[data-side="lay"][data-flash="true"]': { backgroundColor: theme.palette.lay.light },
  '&:disabled': { cursor: 'default' },
  '&:not(:disabled):hover': { filter: 'brightness(1.08)' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '&[aria-pressed="true"]': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '&[data-compact="true"]': { minWidth: 40, minHeight: 36 },
  '& .odds': { fontWeight: 700, fontSize: 14, lineHeight: 1.2 },
  '& .size': { fontSize: 11, lineHeight: 1.1 },
  '&[data-compact="true"] .odds': { fontSize: 13 },
  '&[data-compact="true"] .size': { fontSize: 10 },
  // Locked with its layer: the price hidden, the lock (20 px, as the small icon) in its colour.
  '[data-lock-layer]:disabled &': {
    '& > span': { display: 'none' },
    '&::before': { content: '""', width: 20, height: 20, flexShrink: 0, backgroundColor: 'currentColor', mask: LOCK_MASK },
  },
}));

export function OddsCell({ side, odds, size, locked = false, onSelect, compact = false, selected = false, emptySelectable = false }: OddsCellProps) {
  const [flash, setFlash] = useState(false);
  const previous = useRef(odds);

  useEffect(() => {
    if (previous.current === odds) return undefined;
    previous.current = odds;
    setFlash(true);
    const timer = window.setTimeout(() => setFlash(false), ODDS_FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [odds]);

  const empty = !(odds > 0);
  return (
    <Cell
      type="button"
      disabled={locked || (empty && !emptySelectable) || !onSelect}
      onClick={onSelect}
      aria-label={`${side} ${empty ? 'no price' : odds}`}
      aria-pressed={onSelect ? selected : undefined}
      data-side={side}
      data-flash={flash ? 'true' : undefined}
      data-compact={compact ? 'true' : undefined}
    >
      {locked ? (
        <LockIcon fontSize="small" aria-label="Locked" />
      ) : (
        <>
          <span className="odds">{empty ? '-' : odds}</span>
          {!empty && size !== undefined && size > 0 && <span className="size">{formatAmount(size)}</span>}
        </>
      )}
    </Cell>
  );
}
