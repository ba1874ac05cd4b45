import { selectBook, selectMarket, useMatchStore } from '../../stores/match-store';
import { sharedStakeLimits } from '../../model/bet-rules';
import { columnsFor, limitsLabel } from './columns';
import { DigitGrid } from './digit-grid';
import { HeaderRow } from './header-row';
import { MarketFrame } from './market-frame';
import { OddsRow } from './odds-row';

/** One runner market: match odds, bookmaker or cricket casino. */
export function RunnerMarket({ mid, compact }: { mid: number; compact: boolean }) {
  const market = useMatchStore(selectMarket(mid));
  const books = useMatchStore(selectBook(mid));
  if (!market) return null;
  const columns = columnsFor(market.gtype, compact);
  const limits = sharedStakeLimits(market);
  return (
    <MarketFrame title={market.mname} limits={limits ? limitsLabel(limits.min, limits.max) : undefined} mid={mid}>
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
    </MarketFrame>
  );
}
