// My Bet (spec §2): the user's bets on the current round, back rows blue and lay rows pink, each
// with its item, rate, amount and, once the round is settled, its result.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatFixed } from '@/utils/format';
import { selectBets, useCasinoStore } from '../stores/casino-store';

export function useRoundBetCount(): number {
  return useCasinoStore((state) => state.bets.length);
}

export function MyRoundBets() {
  const bets = useCasinoStore(selectBets);
  return (
    <Box component="section" aria-label="My Bet" sx={{ bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 }}>My Bet ({bets.length})</Box>
      <Table size="small" aria-label="My Bet list" sx={{ '& td, & th': { px: 0.75, py: 0.5, fontSize: 12 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bets.map((bet) => (
            <TableRow
              key={bet.betId}
              data-testid="my-bet"
              data-settled={bet.result === null ? 'false' : 'true'}
              sx={(theme) => ({ bgcolor: theme.palette[bet.betType].main, '& td': { color: theme.palette[bet.betType].contrastText } })}
            >
              <TableCell>
                <b>{bet.sectionName}</b>
              </TableCell>
              <TableCell align="right">{bet.uRate}</TableCell>
              <TableCell align="right">{formatFixed(bet.amount)}</TableCell>
              <TableCell align="right" data-testid="my-bet-result" sx={{ fontWeight: 700 }}>
                {bet.result === null ? 'Open' : formatFixed(bet.result)}
              </TableCell>
            </TableRow>
          ))}
          {bets.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary' }}>
                No record found!
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
