// The table's bets (spec §2, §4, §5): the round's items grouped by type, main markets first.
// Each item shows its back rate and, where it can be laid (`l` > 0), a pink lay cell; an item
// that is SUSPENDED or has no rate is locked. Min/Max show when above 0: per item on the large
// cards, once in the group's title when a dense group shares them. Roulette's straight numbers
// are drawn as the wheel's board, Sic Bo as its dice board; pick items (Worli's pattis, lottery
// numbers, KBC) as pads. While betting is closed (every item locked, `isBoardLocked`) each group's
// cells lock as one layer (a disabled `LockLayer`; each card's prices under a veil of locks
// faded in): a round closing and opening, every 1.5 s at a test's ×20, changes one attribute a
// group and renders and repaints no card; a card locks on its own only while the rest are open.
import { memo, useCallback, useMemo, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import type { CasinoItem, Side } from '@/types';
import { OddsCell } from '@/components/odds-cell';
import { LockLayer, LockVeil } from '@/components/lock-layer';
import { formatFixed } from '@/utils/format';
import { balancedColumns, groupItems, isBoardLocked, isItemLocked, sideRows, type ItemCell, type ItemGroup, type SideRow } from '../model/round';
import { selectItemBySid } from '../hooks/use-bet-actions';
import { PickPad } from './pick-pad';
import { LotteryTicket } from './lottery-ticket';
import { SicBoBoard } from './sic-bo-board';
import { RouletteBoard } from './roulette-board';
import { WON_LOOK } from './won-look';
import { selectItemWon, selectItems, selectSelectedSide, useCasinoStore } from '../stores/casino-store';

/** Groups with this many items or fewer get large cards with their own Min/Max. */
const LARGE_GROUP_MAX = 4;
/** Roulette's inside bets beyond the straight numbers start folded. */
const FOLDED_GROUPS = new Set(['split', 'street', 'corner', 'sixline']);

function limitsText(min: number, max: number): string {
  return [min > 0 ? `Min: ${formatFixed(min)}` : '', max > 0 ? `Max: ${formatFixed(max)}` : ''].filter(Boolean).join(' | ');
}

/** The group's Min/Max when every item shares them, else ''. */
function sharedLimits(items: ReadonlyArray<CasinoItem>): string {
  const first = items[0];
  if (!first || items.some((item) => item.min !== first.min || item.max !== first.max)) return '';
  return limitsText(first.min, first.max);
}

const Card = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.5),
  padding: theme.spacing(0.5),
  backgroundColor: 'rgba(255,255,255,0.04)',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  minWidth: 0,
  '&[data-large="true"]': { padding: theme.spacing(0.75) },
  '&[data-won="true"]': { backgroundColor: 'rgba(245,183,0,0.14)', ...WON_LOOK },
}));

const CardName = styled('p')(({ theme }) => ({
  ...theme.typography.body1,
  margin: 0,
  fontSize: 12,
  fontWeight: 700,
  textAlign: 'center',
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '[data-large="true"] > &': { fontSize: 14 },
}));

const CardCells = styled('div')({ display: 'flex', gap: '2px', position: 'relative', '& > div': { flex: 1, minWidth: 0 } });

const CardLimits = styled('p')(({ theme }) => ({
  ...theme.typography.body1,
  margin: 0,
  fontSize: 10.5,
  color: theme.palette.text.secondary,
  textAlign: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  columnGap: theme.spacing(0.75),
}));

const BACK = ['back'] as const;
const BACK_LAY = ['back', 'lay'] as const;

type ItemCardProps = { sid: number; nat: string; label: string; back: number; lay: number; min: number; max: number; locked: boolean; large: boolean };

/** An item's card: drawn from the item's values (not the item, which each round update replaces),
 * so it renders only when what it shows changes; its styles are built once. */
const ItemCardView = memo(function ItemCardView({ sid, nat, label, back, lay, min, max, locked, large }: ItemCardProps) {
  const selectedSide = useCasinoStore(selectSelectedSide(sid));
  const won = useCasinoStore(selectItemWon(sid));
  const cell = (side: Side, rate: number) => (
    <div>
      <OddsCell side={side} odds={rate} locked={locked} compact={!large} selected={selectedSide === side} onSelect={locked ? undefined : () => selectItemBySid(sid, side)} />
    </div>
  );
  const limits = limitsText(min, max);
  return (
    <Card data-testid={`item-${sid}`} data-nat={nat} data-locked={locked ? 'true' : 'false'} data-won={won ? 'true' : 'false'} data-large={large ? 'true' : 'false'} title={limits || undefined}>
      <CardName>{label}</CardName>
      <CardCells>
        {cell('back', back)}
        {lay > 0 && cell('lay', lay)}
        <LockVeil cells={lay > 0 ? BACK_LAY : BACK} />
      </CardCells>
      {large && limits && (
        <CardLimits>
          {min > 0 && <span>Min: {formatFixed(min)}</span>}
          {max > 0 && <span>Max: {formatFixed(max)}</span>}
        </CardLimits>
      )}
    </Card>
  );
});

/** `boardLocked`: the whole table is locked, which its layer shows; the card is not locked alone. */
function ItemCard({ item, label, large, boardLocked }: { item: CasinoItem; label: string; large: boolean; boardLocked: boolean }) {
  return <ItemCardView sid={item.sid} nat={item.nat} label={label} back={item.b} lay={item.l} min={item.min} max={item.max} locked={!boardLocked && isItemLocked(item)} large={large} />;
}

const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/** Column limits (small screens, wide screens) by how long the cells' names are. */
function denseLimits(cells: ReadonlyArray<ItemCell>): [number, number] {
  const longest = Math.max(...cells.map((cell) => cell.label.length));
  if (longest <= 3) return [7, 13];
  if (longest <= 10) return [4, 8];
  return [3, 4];
}

function DenseRow({ row, boardLocked }: { row: SideRow; boardLocked: boolean }) {
  const [narrow, wide] = denseLimits(row.cells);
  const count = row.cells.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 0.5, alignItems: { md: 'center' } }}>
      {row.side && <Typography sx={{ fontSize: 12, fontWeight: 700, width: { md: 56 }, flexShrink: 0, color: 'text.secondary' }}>{row.side}</Typography>}
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: columns(balancedColumns(count, narrow)), md: columns(balancedColumns(count, wide)) } }}>
        {row.cells.map((cell) => (
          <ItemCard key={cell.item.sid} item={cell.item} label={cell.label} large={false} boardLocked={boardLocked} />
        ))}
      </Box>
    </Box>
  );
}

/** What a group's cells show, item by item: the props its `ItemCardView`s take. A round's updates
 * replace every item (a new status, new rates); the cells redraw only when one of these moves. */
function sameCells(a: { items: ReadonlyArray<CasinoItem>; boardLocked: boolean }, b: { items: ReadonlyArray<CasinoItem>; boardLocked: boolean }): boolean {
  if (a.items.length !== b.items.length) return false;
  return a.items.every((x, i) => {
    const y = b.items[i];
    return (
      y !== undefined &&
      x.sid === y.sid &&
      x.nat === y.nat &&
      x.b === y.b &&
      x.l === y.l &&
      x.min === y.min &&
      x.max === y.max &&
      (!a.boardLocked && isItemLocked(x)) === (!b.boardLocked && isItemLocked(y))
    );
  });
}

const Stack = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(0.75) }));

/** A group's cards inside its lock layer: the board locking or opening renders none of this. */
const GroupCells = memo(function GroupCells({ items, boardLocked }: { items: ReadonlyArray<CasinoItem>; boardLocked: boolean }) {
  const count = items.length;
  if (count > LARGE_GROUP_MAX) {
    return (
      <Stack>
        {sideRows(items, LARGE_GROUP_MAX + 1).map((row) => (
          <DenseRow key={row.side ?? 'all'} row={row} boardLocked={boardLocked} />
        ))}
      </Stack>
    );
  }
  // Small screens fit two cards with back and lay side by side, three with a back cell only.
  const narrowColumns = Math.min(count, items.some((item) => item.l > 0) ? 2 : 3);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: columns(narrowColumns), md: columns(count) } }}>
      {items.map((item) => (
        <ItemCard key={item.sid} item={item} label={item.nat} large boardLocked={boardLocked} />
      ))}
    </Box>
  );
}, sameCells);

function GroupBody({ group, boardLocked }: { group: ItemGroup; boardLocked: boolean }) {
  if (group.type === 'straight' && group.items[0]?.subtype === 'roulette') return <RouletteBoard items={group.items} />;
  if (group.items.some((item) => item.pick)) {
    // Pads keep their own locks (a pick is built on the pad whatever the round's state).
    return (
      <Box sx={{ display: 'grid', gap: 0.75, gridTemplateColumns: { xs: '1fr', md: columns(Math.min(group.items.length, 3)) } }}>
        {group.items.map((item) => (item.pick ? <PickPad key={item.sid} item={item} /> : <ItemCard key={item.sid} item={item} label={item.nat} large boardLocked={false} />))}
      </Box>
    );
  }
  return (
    <LockLayer locked={boardLocked}>
      <GroupCells items={group.items} boardLocked={boardLocked} />
    </LockLayer>
  );
}

const GroupSection = styled('section')(({ theme }) => ({ marginBottom: theme.spacing(1) }));

const GroupTitleBar = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(0.5, 1),
  marginBottom: theme.spacing(0.5),
  backgroundColor: 'rgba(255,255,255,0.06)',
  borderRadius: Number(theme.shape.borderRadius) * 0.5,
}));

type GroupHeaderProps = { title: string; rate: number | undefined; limits: string; count: number; foldable: boolean; open: boolean; onToggle: () => void };

/** A group's title bar: drawn from its values, so a round's updates do not render it. */
const GroupHeader = memo(function GroupHeader({ title, rate, limits, count, foldable, open, onToggle }: GroupHeaderProps) {
  return (
    <GroupTitleBar>
      <Typography sx={{ fontWeight: 700, fontSize: 13, flex: 1 }}>
        {title}
        {rate ? ` (${rate})` : ''}
      </Typography>
      {limits && <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>{limits}</Typography>}
      {foldable && (
        <Button size="small" onClick={onToggle} aria-expanded={open} sx={{ py: 0, minWidth: 0, fontSize: 12 }}>
          {open ? 'Hide' : `Show ${count}`}
        </Button>
      )}
    </GroupTitleBar>
  );
});

function Group({ group, boardLocked }: { group: ItemGroup; boardLocked: boolean }) {
  const [open, setOpen] = useState(!FOLDED_GROUPS.has(group.type));
  const onToggle = useCallback(() => setOpen((value) => !value), []);
  const large = group.items.length <= LARGE_GROUP_MAX;
  const limits = large ? '' : sharedLimits(group.items);
  const rate = group.type === 'straight' ? group.items[0]?.b : undefined;
  return (
    <GroupSection aria-label={group.title} data-group={group.type}>
      <GroupHeader title={group.title} rate={rate} limits={limits} count={group.items.length} foldable={FOLDED_GROUPS.has(group.type)} open={open} onToggle={onToggle} />
      {open && <GroupBody group={group} boardLocked={boardLocked} />}
    </GroupSection>
  );
}

const TableBox = styled('div')(({ theme }) => ({ padding: theme.spacing(1) }));

export function BettingTable() {
  const items = useCasinoStore(selectItems);
  const groups = useMemo(() => groupItems(items), [items]);
  const boardLocked = isBoardLocked(items);
  if (groups.length === 0) return null;
  if (items[0]?.subtype === 'sicbo') {
    return (
      <TableBox data-testid="betting-table">
        <SicBoBoard items={items} />
      </TableBox>
    );
  }
  return (
    <TableBox data-testid="betting-table">
      {groups.map((group) => (
        <Group key={group.type} group={group} boardLocked={boardLocked} />
      ))}
      {items[0]?.subtype === 'lottcard' && <LotteryTicket />}
    </TableBox>
  );
}
