import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { betLink } from '@/utils/event-link';
import { getCurrentBets } from '../api/get-current-bets';
import { groupByMarket, type MarketGroup } from '../group';

/** The user's markets with open bets, each linking by the spec §2 rule. */
export function MyMarketList({ isccOf, onNavigate }: { isccOf: (gmid: number) => number | undefined; onNavigate: () => void }) {
  const [groups, setGroups] = useState<MarketGroup[] | null>(null);
  useEffect(() => {
    getCurrentBets('game')
      .then((bets) => setGroups(groupByMarket(bets)))
      .catch((error: unknown) => {
        console.error('Error fetching current bets:', error);
        setGroups([]);
      });
  }, []);
  if (!groups) return <LinearProgress aria-label="Loading markets" />;
  return (
    <Table size="small" aria-label="My Market">
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>Market</TableCell>
          <TableCell align="right">Trades</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.map((group) => (
          <TableRow key={group.marketId} data-testid="my-market-row">
            <TableCell>
              <Link component={RouterLink} to={betLink(group, isccOf(group.gameId))} onClick={onNavigate}>
                {group.eventName}
              </Link>
            </TableCell>
            <TableCell>{group.marketName}</TableCell>
            <TableCell align="right">{group.trades}</TableCell>
          </TableRow>
        ))}
        {groups.length === 0 && (
          <TableRow>
            <TableCell colSpan={3} align="center">
              No record found!
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
