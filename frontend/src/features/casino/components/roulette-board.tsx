// Roulette's straight numbers drawn as the wheel's board: 0 on the left over three rows, then 12
// columns (3 6 … 36 on top, 1 4 … 34 at the bottom), each number on its colour.
// The board locks as one layer: while betting is closed the board is a disabled fieldset, which
// disables every number at once, and its veil (`LockVeil`) shows the lock, so a round opening
// and closing, every 1.5 s at a test's ×20, changes one attribute, renders no number and repaints
// none. The winning and the selected number are lifted above the veil. A number renders only when
// its own state changes (selected, winning, locked alone while the rest are open). Styles are
// built once per component, not per render.
import { memo } from 'react';
import { styled } from '@mui/material/styles';
import type { CasinoItem } from '@/types';
import { rouletteColour } from '@/utils/roulette';
import { isBoardLocked, isItemLocked } from '../model/round';
import { selectItemBySid } from '../hooks/use-bet-actions';
import { selectItemWon, selectSelectedSide, useCasinoStore } from '../stores/casino-store';
import { LIFTED, LOCK_LAYER, LockVeil } from '@/components/lock-layer';
import { WON_LOOK } from './won-look';

const BOARD_BG = { red: '#c62828', black: '#1b1b1b', green: '#2e7d32' } as const;

const Board = styled('fieldset')({
  ...LOCK_LAYER,
  display: 'grid',
  gridTemplateColumns: '1.2fr repeat(12, 1fr)',
  gridTemplateRows: 'repeat(3, auto)',
  gap: '1px',
  backgroundColor: 'rgba(255,255,255,0.2)',
});

/** One look for every number in every state; the states are attributes and `:disabled`. */
const BoardNumber = styled('button')(({ theme }) => ({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 30,
  fontWeight: 700,
  fontSize: 12,
  color: '#fff',
  border: '1px solid rgba(255,255,255,0.35)',
  cursor: 'pointer',
  position: 'relative',
  '&:disabled': { cursor: 'default' },
  // Locked alone while the board is open (the locked board has its veil).
  '&[data-locked="true"]': { opacity: 0.55 },
  '&[data-won="true"]': { ...WON_LOOK, outlineOffset: -3, fontSize: 14, ...LIFTED },
  '&[aria-pressed="true"]': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: -3, ...LIFTED },
  '&:not(:disabled):hover': { filter: 'brightness(1.25)' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  [theme.breakpoints.up('md')]: { minHeight: 38, fontSize: 14, '&[data-won="true"]': { fontSize: 17 } },
}));

type NumberProps = { sid: number; nat: string; rate: number; locked: boolean; column: number; row: string };

const BoardNumberCell = memo(function BoardNumberCell({ sid, nat, rate, locked, column, row }: NumberProps) {
  const selected = useCasinoStore(selectSelectedSide(sid)) !== null;
  const won = useCasinoStore(selectItemWon(sid));
  return (
    <BoardNumber
      type="button"
      data-testid={`item-${sid}`}
      data-nat={nat}
      data-locked={locked ? 'true' : undefined}
      data-won={won ? 'true' : 'false'}
      disabled={locked}
      aria-label={`Number ${nat} back ${rate}`}
      aria-pressed={selected}
      onClick={() => selectItemBySid(sid, 'back')}
      style={{ gridColumn: column, gridRow: row, backgroundColor: BOARD_BG[rouletteColour(Number(nat))] }}
    >
      {nat}
    </BoardNumber>
  );
});

/** Where a number sits: 0 over the three rows of the first column, then three numbers a column. */
function place(number: number): { column: number; row: string } {
  if (number === 0) return { column: 1, row: '1 / 4' };
  return { column: Math.ceil(number / 3) + 1, row: String(3 - ((number - 1) % 3)) };
}

export function RouletteBoard({ items }: { items: ReadonlyArray<CasinoItem> }) {
  const locked = isBoardLocked(items);
  return (
    <Board data-testid="roulette-board" data-locked={locked ? 'true' : 'false'} disabled={locked}>
      {items.map((item) => (
        // A number is locked on its own only while the board is open.
        <BoardNumberCell key={item.sid} sid={item.sid} nat={item.nat} rate={item.b} locked={!locked && isItemLocked(item)} {...place(Number(item.nat))} />
      ))}
      <LockVeil />
    </Board>
  );
}
