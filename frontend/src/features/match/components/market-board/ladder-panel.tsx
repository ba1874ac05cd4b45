// The one-click ladder of an exchange market, opened from its table's header: one runner at a
// time (tabs, each with the player's position if that runner wins), every ladder price around its
// best prices with the money a player can back (blue) and lay (pink) at each and the player's own
// unmatched orders beside them. A click on a cell fills the bet slip: back or lay at that price.
// The book is fetched again whenever the match topic pushes the market.
import { useState } from 'react';
import { Box, Button, ButtonBase, Tab, Tabs, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { Market, Side } from '@/types';
import { formatAmount, formatFixed } from '@/utils/format';
import { isSectionBettable } from '../../model/bet-rules';
import { ladderRows, LADDER_VIEW_TICKS, type LadderRow } from '../../model/ladder-view';
import { formatPrice } from '../../model/order-outcome';
import { selectOdds } from '../../hooks/use-bet-actions';
import { useMarketDepth } from '../../hooks/use-market-depth';
import { selectBook, selectOrders, useMatchStore } from '../../stores/match-store';

const COLUMN_W = { mine: 64, cell: 78, price: 64 } as const;

function Cell({ side, row, disabled, onSelect }: { side: Side; row: LadderRow; disabled: boolean; onSelect: () => void }) {
  const size = side === 'back' ? row.back : row.lay;
  const best = side === 'back' ? row.bestBack : row.bestLay;
  return (
    <ButtonBase
      aria-label={`${side === 'back' ? 'Back' : 'Lay'} at ${formatPrice(row.price)}`}
      data-size={size}
      disabled={disabled}
      onClick={onSelect}
      sx={(theme) => ({
        width: COLUMN_W.cell,
        height: '100%',
        fontSize: 12,
        fontWeight: size > 0 ? 700 : 400,
        color: theme.palette[side].contrastText,
        bgcolor: size > 0 ? theme.palette[side].main : alpha(theme.palette[side].main, 0.25),
        outline: best ? `2px solid ${theme.palette.primary.main}` : undefined,
        outlineOffset: -2,
        '&:hover': { filter: 'brightness(1.12)' },
      })}
    >
      {size > 0 ? formatAmount(size) : ''}
    </ButtonBase>
  );
}

function Mine({ amount, side }: { amount: number; side: Side }) {
  return (
    <Box data-testid={`my-${side}`} sx={{ width: COLUMN_W.mine, textAlign: 'center', fontSize: 12, fontWeight: 700, color: `${side}.main` }}>
      {amount > 0 ? formatFixed(amount) : ''}
    </Box>
  );
}

const HEAD_SX = { fontSize: 11, fontWeight: 700, color: 'text.secondary', textAlign: 'center' } as const;

function RunnerLadder({ market, sid }: { market: Market; sid: number }) {
  const depth = useMarketDepth(market.gmid, market.mid);
  const allOrders = useMatchStore(selectOrders);
  const slipPrice = useMatchStore((state) => (state.slip.selection?.marketId === market.mid && state.slip.selection.sectionId === sid ? state.slip.selection.price : undefined));
  const [shift, setShift] = useState(0);
  const section = market.section.find((s) => s.sid === sid);
  if (!section) return null;
  const orders = allOrders.filter((order) => order.marketId === market.mid && order.sid === sid);
  const runner = depth?.runners.find((r) => r.sid === sid);
  const rows = ladderRows(runner, orders, shift, slipPrice);
  const open = isSectionBettable(market, section);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', px: 1, py: 0.5, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => setShift((s) => s + LADDER_VIEW_TICKS)} sx={{ py: 0, fontSize: 11 }}>
          Higher
        </Button>
        <Button size="small" variant="outlined" disabled={shift === 0} onClick={() => setShift(0)} sx={{ py: 0, fontSize: 11 }}>
          Centre
        </Button>
        <Button size="small" variant="outlined" onClick={() => setShift((s) => s - LADDER_VIEW_TICKS)} sx={{ py: 0, fontSize: 11 }}>
          Lower
        </Button>
        <Typography sx={{ fontSize: 11, color: 'text.secondary', ml: 'auto' }}>{open ? 'Click a price to fill the bet slip' : section.gstatus || market.status}</Typography>
      </Box>
      <Box role="table" aria-label={`Ladder of ${section.nat}`} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pb: 1 }}>
        <Box role="row" sx={{ display: 'flex', gap: '2px', py: 0.25 }}>
          <Box role="columnheader" sx={{ ...HEAD_SX, width: COLUMN_W.mine }}>My back</Box>
          <Box role="columnheader" sx={{ ...HEAD_SX, width: COLUMN_W.cell, color: 'back.main' }}>Back</Box>
          <Box role="columnheader" sx={{ ...HEAD_SX, width: COLUMN_W.price }}>Odds</Box>
          <Box role="columnheader" sx={{ ...HEAD_SX, width: COLUMN_W.cell, color: 'lay.main' }}>Lay</Box>
          <Box role="columnheader" sx={{ ...HEAD_SX, width: COLUMN_W.mine }}>My lay</Box>
        </Box>
        {rows.map((row) => (
          <Box role="row" key={row.price} data-testid="ladder-row" data-price={row.price} sx={{ display: 'flex', gap: '2px', height: 24, alignItems: 'center', mb: '2px' }}>
            <Mine amount={row.myBack} side="back" />
            <Cell side="back" row={row} disabled={!open} onSelect={() => selectOdds(market, section, 'back', row.price, row.back)} />
            <Box sx={{ width: COLUMN_W.price, textAlign: 'center', fontSize: 13, fontWeight: 700, bgcolor: row.bestBack || row.bestLay ? 'action.selected' : 'action.hover', height: '100%', lineHeight: '24px' }}>
              {formatPrice(row.price)}
            </Box>
            <Cell side="lay" row={row} disabled={!open} onSelect={() => selectOdds(market, section, 'lay', row.price, row.lay)} />
            <Mine amount={row.myLay} side="lay" />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The ladder panel of exchange market `market`, under its table. */
export function LadderPanel({ market }: { market: Market }) {
  const books = useMatchStore(selectBook(market.mid));
  const [sid, setSid] = useState(market.section[0]?.sid ?? 0);
  return (
    <Box role="region" aria-label={`Ladder ${market.mname}`} data-testid={`ladder-${market.mid}`} sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Tabs value={sid} onChange={(_, next: number) => setSid(next)} variant="scrollable" aria-label="Runner" sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}>
        {market.section.map((section) => {
          const position = books?.[section.sid]?.amount ?? 0;
          return (
            <Tab
              key={section.sid}
              value={section.sid}
              label={
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.2 }}>
                  <span>{section.nat}</span>
                  <Box component="span" data-testid="ladder-position" title="Your profit or loss if it wins" sx={{ fontSize: 11, fontWeight: 700, color: position > 0 ? 'success.light' : position < 0 ? 'error.light' : 'text.secondary' }}>
                    {formatFixed(position)}
                  </Box>
                </Box>
              }
            />
          );
        })}
      </Tabs>
      <RunnerLadder key={sid} market={market} sid={sid} />
    </Box>
  );
}
