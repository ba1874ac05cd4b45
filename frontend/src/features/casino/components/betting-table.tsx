// The table's bets (spec §2, §4, §5): the round's items grouped by type, main markets first.
// Each item shows its back rate and, where it can be laid (`l` > 0), a pink lay cell; an item
// that is SUSPENDED or has no rate is locked. Min/Max show when above 0: per item on the large
// cards, once in the group's title when a dense group shares them. Roulette's straight numbers
// are drawn as the wheel's board, Sic Bo as its dice board; pick items (Worli's pattis, lottery
// numbers, KBC) as pads.
import { memo, useMemo, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import type { CasinoItem, Side } from '@/types';
import { OddsCell } from '@/components/odds-cell';
import { formatFixed } from '@/utils/format';
import { rouletteColour } from '@/utils/roulette';
import { balancedColumns, groupItems, isItemLocked, sideRows, type ItemCell, type ItemGroup, type SideRow } from '../model/round';
import { selectItem } from '../hooks/use-bet-actions';
import { PickPad } from './pick-pad';
import { LotteryTicket } from './lottery-ticket';
import { SicBoBoard } from './sic-bo-board';
import { selectItemWon, selectItems, selectSelectedSide, useCasinoStore } from '../stores/casino-store';

/** A cell of an item that won the round just resulted. */
const WON_SX = { outline: '3px solid #f5b700', outlineOffset: -1, boxShadow: '0 0 12px rgba(245,183,0,0.7)' } as const;

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

const ItemCard = memo(function ItemCard({ item, label, large }: { item: CasinoItem; label: string; large: boolean }) {
  const selectedSide = useCasinoStore(selectSelectedSide(item.sid));
  const won = useCasinoStore(selectItemWon(item.sid));
  const locked = isItemLocked(item);
  const cell = (side: Side, rate: number) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <OddsCell side={side} odds={rate} locked={locked} compact={!large} selected={selectedSide === side} onSelect={locked ? undefined : () => selectItem(item, side)} />
    </Box>
  );
  const limits = limitsText(item.min, item.max);
  return (
    <Box
      data-testid={`item-${item.sid}`}
      data-nat={item.nat}
      data-locked={locked ? 'true' : 'false'}
      data-won={won ? 'true' : 'false'}
      title={limits || undefined}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: large ? 0.75 : 0.5, bgcolor: won ? 'rgba(245,183,0,0.14)' : 'rgba(255,255,255,0.04)', border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0, ...(won ? WON_SX : {}) }}
    >
      <Typography sx={{ fontSize: large ? 14 : 12, fontWeight: 700, textAlign: 'center', lineHeight: 1.2, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</Typography>
      <Box sx={{ display: 'flex', gap: '2px' }}>
        {cell('back', item.b)}
        {item.l > 0 && cell('lay', item.l)}
      </Box>
      {large && limits && (
        <Typography sx={{ fontSize: 10.5, color: 'text.secondary', textAlign: 'center', display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 0.75 }}>
          {item.min > 0 && <span>Min: {formatFixed(item.min)}</span>}
          {item.max > 0 && <span>Max: {formatFixed(item.max)}</span>}
        </Typography>
      )}
    </Box>
  );
});

const BOARD_BG = { red: '#c62828', black: '#1b1b1b', green: '#2e7d32' } as const;

/** One style for every board number in every state (the states are its attributes), so a round
 * locking and unlocking the board's 49 numbers changes attributes, never the style classes. */
const BOARD_NUMBER_SX = {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: { xs: 30, md: 38 },
  fontWeight: 700,
  fontSize: { xs: 12, md: 14 },
  color: '#fff',
  border: '1px solid rgba(255,255,255,0.35)',
  cursor: 'pointer',
  '&[data-locked="true"]': { cursor: 'default', opacity: 0.55 },
  '&[data-won="true"]': { ...WON_SX, opacity: 1, outline: '3px solid #f5b700', outlineOffset: -3, zIndex: 1, fontSize: { xs: 14, md: 17 } },
  '&[aria-pressed="true"]': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
  '&:not(:disabled):hover': { filter: 'brightness(1.25)' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

const BoardNumber = memo(function BoardNumber({ item, column, row }: { item: CasinoItem; column: number; row: string }) {
  const selected = useCasinoStore(selectSelectedSide(item.sid)) !== null;
  const won = useCasinoStore(selectItemWon(item.sid));
  const locked = isItemLocked(item);
  const number = Number(item.nat);
  return (
    <Box
      component="button"
      type="button"
      data-testid={`item-${item.sid}`}
      data-nat={item.nat}
      data-locked={locked ? 'true' : 'false'}
      data-won={won ? 'true' : 'false'}
      disabled={locked}
      aria-label={`Number ${item.nat} back ${item.b}`}
      aria-pressed={selected}
      onClick={() => selectItem(item, 'back')}
      style={{ gridColumn: column, gridRow: row, backgroundColor: BOARD_BG[rouletteColour(number)] }}
      sx={BOARD_NUMBER_SX}
    >
      {item.nat}
    </Box>
  );
});

/** 0 on the left over three rows, then 12 columns: 3 6 … 36 on top, 1 4 … 34 at the bottom. */
function RouletteBoard({ items }: { items: ReadonlyArray<CasinoItem> }) {
  return (
    <Box data-testid="roulette-board" sx={{ display: 'grid', gridTemplateColumns: '1.2fr repeat(12, 1fr)', gridTemplateRows: 'repeat(3, auto)', gap: '1px', bgcolor: 'rgba(255,255,255,0.2)' }}>
      {items.map((item) => {
        const number = Number(item.nat);
        if (number === 0) return <BoardNumber key={item.sid} item={item} column={1} row="1 / 4" />;
        const column = Math.ceil(number / 3) + 1;
        const row = String(3 - ((number - 1) % 3));
        return <BoardNumber key={item.sid} item={item} column={column} row={row} />;
      })}
    </Box>
  );
}

const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/** Column limits (small screens, wide screens) by how long the cells' names are. */
function denseLimits(cells: ReadonlyArray<ItemCell>): [number, number] {
  const longest = Math.max(...cells.map((cell) => cell.label.length));
  if (longest <= 3) return [7, 13];
  if (longest <= 10) return [4, 8];
  return [3, 4];
}

function DenseRow({ row }: { row: SideRow }) {
  const [narrow, wide] = denseLimits(row.cells);
  const count = row.cells.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 0.5, alignItems: { md: 'center' } }}>
      {row.side && <Typography sx={{ fontSize: 12, fontWeight: 700, width: { md: 56 }, flexShrink: 0, color: 'text.secondary' }}>{row.side}</Typography>}
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: columns(balancedColumns(count, narrow)), md: columns(balancedColumns(count, wide)) } }}>
        {row.cells.map((cell) => (
          <ItemCard key={cell.item.sid} item={cell.item} label={cell.label} large={false} />
        ))}
      </Box>
    </Box>
  );
}

function GroupBody({ group }: { group: ItemGroup }) {
  if (group.type === 'straight' && group.items[0]?.subtype === 'roulette') return <RouletteBoard items={group.items} />;
  if (group.items.some((item) => item.pick)) {
    return (
      <Box sx={{ display: 'grid', gap: 0.75, gridTemplateColumns: { xs: '1fr', md: columns(Math.min(group.items.length, 3)) } }}>
        {group.items.map((item) => (item.pick ? <PickPad key={item.sid} item={item} /> : <ItemCard key={item.sid} item={item} label={item.nat} large />))}
      </Box>
    );
  }
  const count = group.items.length;
  if (count > LARGE_GROUP_MAX) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {sideRows(group.items, LARGE_GROUP_MAX + 1).map((row) => (
          <DenseRow key={row.side ?? 'all'} row={row} />
        ))}
      </Box>
    );
  }
  // Small screens fit two cards with back and lay side by side, three with a back cell only.
  const narrowColumns = Math.min(count, group.items.some((item) => item.l > 0) ? 2 : 3);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: columns(narrowColumns), md: columns(count) } }}>
      {group.items.map((item) => (
        <ItemCard key={item.sid} item={item} label={item.nat} large />
      ))}
    </Box>
  );
}

function Group({ group }: { group: ItemGroup }) {
  const [open, setOpen] = useState(!FOLDED_GROUPS.has(group.type));
  const large = group.items.length <= LARGE_GROUP_MAX;
  const limits = large ? '' : sharedLimits(group.items);
  const rate = group.type === 'straight' ? group.items[0]?.b : undefined;
  return (
    <Box component="section" aria-label={group.title} data-group={group.type} sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, mb: 0.5, bgcolor: 'rgba(255,255,255,0.06)', borderRadius: 0.5 }}>
        <Typography sx={{ fontWeight: 700, fontSize: 13, flex: 1 }}>
          {group.title}
          {rate ? ` (${rate})` : ''}
        </Typography>
        {limits && <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>{limits}</Typography>}
        {FOLDED_GROUPS.has(group.type) && (
          <Button size="small" onClick={() => setOpen((value) => !value)} aria-expanded={open} sx={{ py: 0, minWidth: 0, fontSize: 12 }}>
            {open ? 'Hide' : `Show ${group.items.length}`}
          </Button>
        )}
      </Box>
      {open && <GroupBody group={group} />}
    </Box>
  );
}

export function BettingTable() {
  const items = useCasinoStore(selectItems);
  const groups = useMemo(() => groupItems(items), [items]);
  if (groups.length === 0) return null;
  if (items[0]?.subtype === 'sicbo') {
    return (
      <Box data-testid="betting-table" sx={{ p: 1 }}>
        <SicBoBoard items={items} />
      </Box>
    );
  }
  return (
    <Box data-testid="betting-table" sx={{ p: 1 }}>
      {groups.map((group) => (
        <Group key={group.type} group={group} />
      ))}
      {items[0]?.subtype === 'lottcard' && <LotteryTicket />}
    </Box>
  );
}
