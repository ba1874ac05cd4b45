// One section of a market as a row: its name, the runner's book or the line's Run Amount, the
// prices of each column and, when it is not open, an overlay that hides them: its status, or,
// once its market is decided, what the result made of it (Winner, Lost, the runs).
import { memo, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import type { Market, MarketType, RunRow, Section, SectionBook } from '@/types';
import { OddsCell } from '@/components/odds-cell';
import { formatFixed } from '@/utils/format';
import { isBettable, isSectionBettable, stakeLimits } from '../../model/bet-rules';
import { selectOdds } from '../../hooks/use-bet-actions';
import { selectIsExchange, useMatchStore } from '../../stores/match-store';
import { RunAmountDialog } from '../run-amount-dialog';
import { statusOverlay } from '../../model/status-overlay';
import { OverlayCover } from './overlay-cover';
import { CELL_W, levelOf, limitsLabel, type Column } from './columns';
import { ProjectedBook } from './projected-book';
import { selectSelectedSide } from './selected-side';
import { useProjectedRuns } from './use-projected-runs';

const RUN_BOOK_TYPES = new Set<MarketType>(['fancy', 'meter', 'khado']);
const NO_ROWS: RunRow[] = [];

function worstOf(rows: RunRow[]): number {
  return Math.min(...rows.map((row) => row.profitLoss));
}

type RowProps = { market: Market; section: Section; columns: Column[]; compact: boolean; book: SectionBook | undefined; showLimits: boolean; runner: boolean };

export const OddsRow = memo(function OddsRow({ market, section, columns, compact, book, showLimits, runner }: RowProps) {
  const selectedSide = useMatchStore(selectSelectedSide(market.mid, section.sid));
  const [runsOpen, setRunsOpen] = useState(false);
  const open = isSectionBettable(market, section);
  // A withdrawn runner cannot win: no book is shown for it.
  const nonRunner = section.gstatus === 'REMOVED';
  // A non-runner stays one whatever the market's status.
  const status = section.gstatus === 'REMOVED' || isBettable(market.status) ? section.gstatus : market.status;
  const result = useMatchStore((state) => state.settled[market.mid]);
  const { min, max } = stakeLimits(market, section);
  const cellW = compact ? CELL_W.compact : CELL_W.wide;
  const runBook = RUN_BOOK_TYPES.has(market.gtype);
  const exchange = useMatchStore(selectIsExchange(market.gtype));
  const projectedRuns = useProjectedRuns(market.mid, section.sid, runBook ? (book?.calcTable ?? NO_ROWS) : NO_ROWS, section.width ?? 0);
  const hasRunBook = runBook && ((book?.calcTable.length ?? 0) > 0 || projectedRuns !== null);
  const label = market.gtype === 'khado' && section.width ? `${section.nat} (${levelOf(section, 'back', 0)?.odds ?? '-'}-${(levelOf(section, 'back', 0)?.odds ?? 0) + section.width - 1})` : section.nat;
  return (
    <Box
      data-testid={`row-${market.mid}-${section.sid}`}
      sx={{ display: 'flex', alignItems: 'stretch', borderBottom: 1, borderColor: 'divider', minHeight: compact ? 38 : 42 }}
    >
      <Box sx={{ flex: 1, minWidth: 0, px: 1, py: 0.25, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
        <Typography sx={{ fontSize: compact ? 12 : 13, fontWeight: 600, lineHeight: 1.2, overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {runner && book && !nonRunner && (
            <Typography data-testid="runner-book" sx={{ fontSize: 11, fontWeight: 700, color: book.amount >= 0 ? 'success.light' : 'error.light' }}>
              {formatFixed(book.amount)}
            </Typography>
          )}
          {runner && !nonRunner && <ProjectedBook mid={market.mid} sid={section.sid} today={book?.amount ?? 0} />}
          {hasRunBook && (
            <Button size="small" variant="text" onClick={() => setRunsOpen(true)} sx={{ minWidth: 0, p: 0, fontSize: 11, lineHeight: 1.2 }}>
              Book
            </Button>
          )}
          {projectedRuns && (
            <Typography
              data-testid="projected-run-book"
              aria-label={`worst case if matched ${formatFixed(worstOf(projectedRuns))}`}
              sx={{ fontSize: 11, fontWeight: 700, color: worstOf(projectedRuns) >= 0 ? 'success.light' : 'error.light' }}
            >
              » {formatFixed(worstOf(projectedRuns))}
            </Typography>
          )}
          {showLimits && compact && limitsLabel(min, max) && (
            <Typography sx={{ fontSize: 10, color: 'text.secondary' }}>{limitsLabel(min, max)}</Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ position: 'relative', display: 'flex', gap: '2px', py: '2px' }}>
        {columns.map((column) => {
          const level = levelOf(section, column.side, column.tno);
          // An exchange's best cell takes a click with no money at it: the player names a price.
          const priceable = exchange && column.tno === 0;
          return (
            <Box key={`${column.side}${column.tno}`} aria-hidden={!open} sx={{ width: cellW, opacity: column.tno === 0 ? 1 : 0.85, visibility: open ? 'visible' : 'hidden' }}>
              <OddsCell
                side={column.side}
                odds={level?.odds ?? 0}
                size={level?.size}
                compact={compact}
                selected={selectedSide === column.side && column.tno === 0}
                emptySelectable={priceable}
                onSelect={open && (level || priceable) ? () => selectOdds(market, section, column.side, level?.odds ?? 0, level?.size ?? 0) : undefined}
              />
            </Box>
          );
        })}
        {!open && <OverlayCover overlay={statusOverlay(status, section, result)} compact={compact} />}
      </Box>
      {showLimits && !compact && (
        <Box sx={{ width: 110, px: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', fontSize: 10, color: 'text.secondary', lineHeight: 1.3 }}>
          {min > 0 && <span>Min: {formatFixed(min)}</span>}
          {max > 0 && <span>Max: {formatFixed(max)}</span>}
        </Box>
      )}
      {runsOpen && <RunAmountDialog title={section.nat} rows={book?.calcTable ?? NO_ROWS} projected={projectedRuns} onClose={() => setRunsOpen(false)} />}
    </Box>
  );
});
