// A fixture that is over (a bookmark, an old statement row): its final score line and how each
// market ended, instead of an empty market board.
import { Box, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { selectOver, useMatchStore } from '../stores/match-store';

export function FinalResult() {
  const over = useMatchStore(selectOver);
  const race = useMatchStore((state) => state.scoreboard?.tracker?.sport === 'race');
  if (!over) return null;
  const title = race ? 'Race result' : 'Match over';
  return (
    <Paper data-testid="final-result" sx={{ mb: 1, overflow: 'hidden' }}>
      <Box sx={{ px: 1.5, py: 1, bgcolor: 'header.main', color: 'header.contrastText' }}>
        <Typography component="h2" sx={{ fontSize: 15, fontWeight: 700 }}>
          {title}
        </Typography>
        {/* A feed without a scoreboard has no last line of its own: the title says it all. */}
        {over.message && over.message !== title && (
          <Typography data-testid="final-message" sx={{ fontSize: 13 }}>
            {over.message}
          </Typography>
        )}
      </Box>
      {over.markets.length > 0 && (
        <Table size="small" aria-label="Results">
          <TableBody>
            {over.markets.map((market) => (
              <TableRow key={market.mid} data-testid="final-market" data-mid={market.mid}>
                <TableCell>{market.mname}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {market.result}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
