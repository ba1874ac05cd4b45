import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatFixed } from '@/utils/format';
import { getOpenMarkets } from '../api/get-open-markets';
import { marketRows, type MarketRow } from '../model';

/** The user's markets and casino rounds with open bets, each with its exposure and link (spec §2). */
export function MyMarketList({ isccOf, onNavigate }: { isccOf: (gmid: number) => number | undefined; onNavigate: () => void }) {
  const [rows, setRows] = useState<MarketRow[] | null>(null);
  useEffect(() => {
    getOpenMarkets()
      .then((markets) => setRows(marketRows(markets, isccOf)))
      .catch((error: unknown) => {
        console.error('Error fetching open markets:', error);
        setRows([]);
      });
    // The fixtures' kinds arrive with the tree; the rows are read once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!rows) return <LinearProgress aria-label="Loading markets" />;
  return (
    <Table size="small" aria-label="My Market">
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>Market</TableCell>
          <TableCell align="right">Trades</TableCell>
          <TableCell align="right">Exposure</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} data-testid="my-market-row" data-casino={row.casino}>
            <TableCell>
              <Link component={RouterLink} to={row.to} onClick={onNavigate}>
                {row.event}
              </Link>
            </TableCell>
            <TableCell>{row.market}</TableCell>
            <TableCell align="right">{row.trades}</TableCell>
            <TableCell align="right" data-testid="my-market-exposure" sx={{ color: row.exposure > 0 ? 'error.main' : undefined }}>
              {formatFixed(-row.exposure)}
            </TableCell>
          </TableRow>
        ))}
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} align="center">
              No record found!
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
