import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatFixed } from '@/utils/format';
import { selectBets, useMatchStore } from '../stores/match-store';

/** My Bet: the user's open bets on this match, back rows blue and lay rows pink. */
export function MyBets() {
  const bets = useMatchStore(selectBets);
  return (
    <Box component="section" aria-label="My Bet" sx={{ bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', fontWeight: 700, fontSize: 14 }}>My Bet ({bets.length})</Box>
      <Table size="small" aria-label="My Bet list" sx={{ '& td, & th': { px: 0.75, py: 0.5, fontSize: 12 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Matched Bet</TableCell>
            <TableCell align="right">Odds</TableCell>
            <TableCell align="right">Stake</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bets.map((bet) => (
            <TableRow key={bet.betId} data-testid="my-bet" sx={(theme) => ({ bgcolor: theme.palette[bet.betType].main, '& td': { color: theme.palette[bet.betType].contrastText } })}>
              <TableCell>
                <b>{bet.sectionName}</b>
                <Typography component="div" sx={{ fontSize: 11 }}>
                  {bet.marketName}
                </Typography>
              </TableCell>
              <TableCell align="right">{bet.uRate}</TableCell>
              <TableCell align="right">{formatFixed(bet.amount)}</TableCell>
            </TableRow>
          ))}
          {bets.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ color: 'text.secondary' }}>
                No record found!
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
