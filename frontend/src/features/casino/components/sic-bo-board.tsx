// Sic Bo's board as a player knows it from a real table: Small with Odd at the left and
// Big with Even at the right of the top row, the specific doubles, any triple and the specific
// triples between them; then the totals 4 to 17, the two-dice combinations and the single
// numbers. Every cell is one item, drawn with dice faces; a click selects it for the slip.
// While betting is closed the board locks as one layer (a disabled fieldset under its veil,
// `LockVeil`); the winning and the selected boxes are lifted above the veil.
import { memo } from 'react';
import { Box, ButtonBase } from '@mui/material';
import { styled } from '@mui/material/styles';
import type { CasinoItem } from '@/types';
import { isBoardLocked, isItemLocked } from '../model/round';
import { selectItemBySid } from '../hooks/use-bet-actions';
import { LIFTED, LOCK_LAYER, LockVeil } from '@/components/lock-layer';
import { WON_LOOK } from './won-look';
import { selectItemWon, selectSelectedSide, useCasinoStore } from '../stores/casino-store';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
/** Dice glyph size by how many dice a cell shows, so three fit a narrow cell. */
const DICE_FONT: Record<number, number> = { 1: 22, 2: 18, 3: 13 };

/** The dice faces an item names (`Double 3` → ⚂⚂, `Combination 1-2` → ⚀⚁), else its name. */
export function boardLabel(nat: string): string {
  const [kind, value = ''] = nat.split(' ');
  const face = (n: string) => FACES[Number(n)] ?? n;
  switch (kind) {
    case 'Double':
      return face(value).repeat(2);
    case 'Triple':
      return face(value).repeat(3);
    case 'Combination':
      return value.split('-').map(face).join('');
    case 'Single':
      return face(value);
    case 'Total':
      return value;
    default:
      return nat;
  }
}

/** A cell's frame: its grid span and, once the round is resulted, the winner's ring; the winner
 * and the selected box sit above the board's veil. */
const CellFrame = styled('div')({
  display: 'flex',
  position: 'relative',
  borderRadius: 6,
  '&[data-won="true"]': { ...WON_LOOK, ...LIFTED },
  '&[data-selected="true"]': LIFTED,
});

/** One look for every box in every state; locked is `:disabled` (its own or the board's). */
const CellButton = styled(ButtonBase)(({ theme }) => ({
  flex: 1,
  flexDirection: 'column',
  minHeight: 44,
  padding: theme.spacing(0.5, 0.25),
  borderRadius: 3,
  border: '1px solid rgba(201,162,39,0.6)',
  backgroundColor: 'rgba(0,80,40,0.55)',
  color: '#fff',
  '&:disabled': { cursor: 'default' },
  // Locked alone while the board is open (the locked board has its veil).
  '[data-locked="true"] > &': { opacity: 0.55 },
  '&:not(:disabled):hover': { backgroundColor: 'rgba(33,150,243,0.3)' },
  '&[aria-pressed="true"]': { backgroundColor: 'rgba(33,150,243,0.45)' },
  '& > span:first-of-type': { ...theme.typography.body1, fontSize: 13, lineHeight: 1.1, fontWeight: 700, letterSpacing: 0 },
  '& > span[data-dice="true"]': { letterSpacing: '-1px', whiteSpace: 'nowrap' },
  '& > span + span': { ...theme.typography.body1, fontSize: 10.5, color: 'rgba(255,255,255,0.8)' },
}));

type CellProps = { sid: number; nat: string; rate: number; locked: boolean };

/** One box of the board, drawn from the item's values (not the item, which each round update
 * replaces), so it renders only when its own state changes. */
const Cell = memo(function Cell({ sid, nat, rate, locked }: CellProps) {
  const selected = useCasinoStore(selectSelectedSide(sid)) !== null;
  const won = useCasinoStore(selectItemWon(sid));
  const label = boardLabel(nat);
  const dice = label !== nat && !nat.startsWith('Total');
  return (
    <CellFrame data-testid={`item-${sid}`} data-nat={nat} data-locked={locked ? 'true' : undefined} data-won={won ? 'true' : 'false'} data-selected={selected ? 'true' : undefined}>
      <CellButton disabled={locked} aria-label={`${nat} back ${rate}`} aria-pressed={selected} onClick={() => selectItemBySid(sid, 'back')}>
        <span data-dice={dice ? 'true' : undefined} style={dice ? { fontSize: DICE_FONT[[...label].length] } : undefined}>
          {label}
        </span>
        <span>{rate}</span>
      </CellButton>
    </CellFrame>
  );
});

const Board = styled('fieldset')(({ theme }) => ({
  ...LOCK_LAYER,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.75),
  padding: theme.spacing(1),
  borderRadius: theme.shape.borderRadius,
  background: 'radial-gradient(ellipse at 50% 0%, #1f6b44 0%, #0f3d27 80%)',
}));

export function SicBoBoard({ items }: { items: ReadonlyArray<CasinoItem> }) {
  const named = (nat: string) => items.find((item) => item.nat === nat);
  const run = (prefix: string, values: ReadonlyArray<string | number>) => values.map((value) => named(`${prefix} ${value}`));
  // The board locks as one layer (`isBoardLocked`): a round closing renders no box.
  const locked = isBoardLocked(items);
  const combinations = [1, 2, 3, 4, 5].flatMap((a) => [2, 3, 4, 5, 6].filter((b) => b > a).map((b) => `${a}-${b}`));
  const section = (label: string, columns: { xs: number; md: number }, cells: ReadonlyArray<CasinoItem | undefined>) => (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: '3px', gridTemplateColumns: { xs: `repeat(${columns.xs}, minmax(0, 1fr))`, md: `repeat(${columns.md}, minmax(0, 1fr))` } }}>
      {cells.map((item, index) => (item ? <Cell key={item.sid} sid={item.sid} nat={item.nat} rate={item.b} locked={!locked && isItemLocked(item)} /> : <div key={`empty-${index}`} />))}
    </Box>
  );
  return (
    <Board data-testid="sicbo-board" data-locked={locked ? 'true' : 'false'} disabled={locked}>
      {section('Small, Odd, doubles, triples, Even, Big', { xs: 6, md: 17 }, [
        named('Small'),
        named('Odd'),
        ...run('Double', [1, 2, 3]),
        named('Any Triple'),
        ...run('Triple', [1, 2, 3, 4, 5, 6]),
        ...run('Double', [4, 5, 6]),
        named('Even'),
        named('Big'),
      ])}
      {section('Totals', { xs: 7, md: 14 }, run('Total', [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]))}
      {section('Two-dice combinations', { xs: 5, md: 15 }, run('Combination', combinations))}
      {section('Single numbers', { xs: 6, md: 6 }, run('Single', [1, 2, 3, 4, 5, 6]))}
      <LockVeil />
    </Board>
  );
}
