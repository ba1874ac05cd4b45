// Sic Bo's board as a player knows it from a real table: Small with Odd at the left and
// Big with Even at the right of the top row, the specific doubles, any triple and the specific
// triples between them; then the totals 4 to 17, the two-dice combinations and the single
// numbers. Every cell is one item, drawn with dice faces; a click selects it for the slip.
import { memo } from 'react';
import { Box, ButtonBase, Typography } from '@mui/material';
import type { CasinoItem } from '@/types';
import { isItemLocked } from '../model/round';
import { selectItem } from '../hooks/use-bet-actions';
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

const Cell = memo(function Cell({ item, span = 1, tall = false }: { item: CasinoItem | undefined; span?: number; tall?: boolean }) {
  const selected = useCasinoStore(selectSelectedSide(item?.sid ?? -1)) !== null;
  const won = useCasinoStore(selectItemWon(item?.sid ?? -1));
  if (!item) return <Box sx={{ gridColumn: `span ${span}` }} />;
  const locked = isItemLocked(item);
  const label = boardLabel(item.nat);
  const dice = label !== item.nat && !item.nat.startsWith('Total');
  return (
    <Box
      data-testid={`item-${item.sid}`}
      data-nat={item.nat}
      data-locked={locked ? 'true' : 'false'}
      data-won={won ? 'true' : 'false'}
      sx={{ gridColumn: `span ${span}`, gridRow: tall ? 'span 2' : undefined, display: 'flex', borderRadius: 1, ...(won ? { outline: '3px solid #f5b700', outlineOffset: -1, boxShadow: '0 0 12px rgba(245,183,0,0.7)' } : {}) }}
    >
      <ButtonBase
        disabled={locked}
        aria-label={`${item.nat} back ${item.b}`}
        aria-pressed={selected}
        onClick={() => selectItem(item, 'back')}
        sx={{
          flex: 1,
          flexDirection: 'column',
          minHeight: 44,
          px: 0.25,
          py: 0.5,
          borderRadius: 0.5,
          border: '1px solid rgba(201,162,39,0.6)',
          bgcolor: selected ? 'rgba(33,150,243,0.45)' : 'rgba(0,80,40,0.55)',
          color: '#fff',
          opacity: locked ? 0.55 : 1,
          '&:hover': { bgcolor: 'rgba(33,150,243,0.3)' },
        }}
      >
        <Typography component="span" sx={{ fontSize: dice ? DICE_FONT[[...label].length] : 13, lineHeight: 1.1, fontWeight: 700, letterSpacing: dice ? '-1px' : 0, whiteSpace: dice ? 'nowrap' : 'normal' }}>
          {label}
        </Typography>
        <Typography component="span" sx={{ fontSize: 10.5, color: 'rgba(255,255,255,0.8)' }}>
          {item.b}
        </Typography>
      </ButtonBase>
    </Box>
  );
});

export function SicBoBoard({ items }: { items: ReadonlyArray<CasinoItem> }) {
  const named = (nat: string) => items.find((item) => item.nat === nat);
  const run = (prefix: string, values: ReadonlyArray<string | number>) => values.map((value) => named(`${prefix} ${value}`));
  const combinations = [1, 2, 3, 4, 5].flatMap((a) => [2, 3, 4, 5, 6].filter((b) => b > a).map((b) => `${a}-${b}`));
  const section = (label: string, columns: { xs: number; md: number }, cells: ReadonlyArray<CasinoItem | undefined>) => (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: '3px', gridTemplateColumns: { xs: `repeat(${columns.xs}, minmax(0, 1fr))`, md: `repeat(${columns.md}, minmax(0, 1fr))` } }}>
      {cells.map((item, index) => (
        <Cell key={item?.sid ?? `empty-${index}`} item={item} />
      ))}
    </Box>
  );
  return (
    <Box data-testid="sicbo-board" sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, p: 1, borderRadius: 1, background: 'radial-gradient(ellipse at 50% 0%, #1f6b44 0%, #0f3d27 80%)' }}>
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
    </Box>
  );
}
