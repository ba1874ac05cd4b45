// One back (blue) or lay (pink) price cell of a market table. Odds of 0 or less show as a dash,
// a locked cell shows a lock, and a changed price flashes for 200 ms (spec §2, §4, §9).
// Match pages render hundreds of these and change dozens a second, so the cell is a plain button
// with one shared styled class: side, flash, size and selection are attributes, never new styles.
// Cells can also lock as one layer: inside a disabled `LockLayer` (a casino table's group while
// betting is closed) every cell is disabled by the fieldset and the layer's veil shows the lock,
// so a round closing and opening renders no cell and repaints none; the selected cell's ring is
// drawn above the veil.
import { useEffect, useRef, useState } from 'react';
import { styled } from '@mui/material/styles';
import LockIcon from '@mui/icons-material/Lock';
import { formatAmount } from '@/utils/format';

export const ODDS_FLASH_MS = 200;

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
  '[data-lock-layer] &': { position: 'relative' },
  // The selection's ring drawn above the layer's veil, so it shows over the lock.
  '[data-lock-layer] &[aria-pressed="true"]::after': { content: '""', position: 'absolute', inset: 0, zIndex: 2, pointerEvents: 'none', boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
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
