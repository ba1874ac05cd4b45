import { useState } from 'react';
import { Button } from '@mui/material';
import { selectBook, selectIsExchange, selectMarket, useMatchStore } from '../../stores/match-store';
import { sharedStakeLimits } from '../../model/bet-rules';
import { hasPosition } from '../../model/cash-out';
import { CashOutButton } from './cash-out-button';
import { columnsFor, limitsLabel } from './columns';
import { DigitGrid } from './digit-grid';
import { HeaderRow } from './header-row';
import { LadderPanel } from './ladder-panel';
import { MarketFrame } from './market-frame';
import { OddsRow } from './odds-row';
import { resultTitle } from '../../model/status-overlay';

/** One runner market: match odds (with its ladder view), bookmaker or cricket casino. */
export function RunnerMarket({ mid, compact }: { mid: number; compact: boolean }) {
  const market = useMatchStore(selectMarket(mid));
  const books = useMatchStore(selectBook(mid));
  const [ladderOpen, setLadderOpen] = useState(false);
  const exchange = useMatchStore(selectIsExchange(market?.gtype ?? 'fancy'));
  const result = useMatchStore((state) => state.settled[mid]);
  if (!market) return null;
  const decided = resultTitle(result, market.section);
  const columns = columnsFor(market.gtype, compact);
  const limits = sharedStakeLimits(market);
  const position = exchange && hasPosition(books) ? Object.values(books ?? {}).map((book) => book.amount).join(',') : null;
  const ladderButton = exchange ? (
    <Button
      size="small"
      variant={ladderOpen ? 'contained' : 'outlined'}
      color="inherit"
      aria-pressed={ladderOpen}
      onClick={() => setLadderOpen((open) => !open)}
      sx={{ py: 0, px: 1, minWidth: 0, fontSize: 11, lineHeight: 1.6, ...(ladderOpen ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : {}) }}
    >
      Ladder
    </Button>
  ) : undefined;
  return (
    <MarketFrame
      title={decided ? `${market.mname} · ${decided}` : market.mname}
      limits={limits ? limitsLabel(limits.min, limits.max) : undefined}
      mid={mid}
      actions={
        <>
          {position !== null && <CashOutButton market={market} positionKey={position} />}
          {ladderButton}
        </>
      }
    >
      {market.gtype === 'cricketcasino' ? (
        <DigitGrid market={market} compact={compact} />
      ) : (
        <>
          <HeaderRow columns={columns} compact={compact} showLimits={false} />
          {market.section.map((section) => (
            <OddsRow key={section.sid} market={market} section={section} columns={columns} compact={compact} book={books?.[section.sid]} showLimits={false} runner />
          ))}
        </>
      )}
      {exchange && ladderOpen && <LadderPanel market={market} />}
    </MarketFrame>
  );
}
