import { Box } from '@mui/material';
import { selectBook, selectMarket, useMatchStore } from '../../stores/match-store';
import { columnsFor } from './columns';
import { OddsRow } from './odds-row';

/** The rows of one line market inside its type's table. */
export function LineMarketRows({ mid, compact }: { mid: number; compact: boolean }) {
  const market = useMatchStore(selectMarket(mid));
  const books = useMatchStore(selectBook(mid));
  if (!market) return null;
  const columns = columnsFor(market.gtype, compact);
  return (
    <Box data-testid={`market-${mid}`} aria-label={market.mname} role="group">
      {market.section.map((section) => (
        <OddsRow key={section.sid} market={market} section={section} columns={columns} compact={compact} book={books?.[section.sid]} showLimits runner={false} />
      ))}
    </Box>
  );
}
