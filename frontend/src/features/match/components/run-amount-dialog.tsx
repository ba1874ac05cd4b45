import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { RunRow } from '@/types';
import { round2 } from '@/utils/amount';
import { formatFixed } from '@/utils/format';
import { runAmountAt } from '../model/slip';

const amountSx = (value: number) => ({ color: value >= 0 ? 'success.light' : 'error.light', fontWeight: 700 });

/**
 * The Run Amount dialog of a line (spec §2): run and profit/loss from the book's calcTable and,
 * while a stake is typed on this line, what it would be if the bet were matched (`projected`,
 * every run where either table steps).
 */
export function RunAmountDialog({ title, rows, projected, onClose }: { title: string; rows: RunRow[]; projected?: RunRow[] | null; onClose: () => void }) {
  const runs = projected ?? rows;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="run-amount-title">
      <DialogTitle id="run-amount-title" sx={{ fontSize: 16 }}>
        Run Amount · {title}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Table size="small" aria-label="Run Amount">
          <TableHead>
            <TableRow>
              <TableCell>Run</TableCell>
              <TableCell align="right">Amount</TableCell>
              {projected && <TableCell align="right">If matched</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((row) => {
              const amount = projected ? round2(runAmountAt(rows, row.run)) : row.profitLoss;
              return (
                <TableRow key={row.run} data-run={row.run}>
                  <TableCell>{row.run}</TableCell>
                  <TableCell align="right" sx={amountSx(amount)}>
                    {formatFixed(amount)}
                  </TableCell>
                  {projected && (
                    <TableCell align="right" data-testid="projected-run" sx={amountSx(row.profitLoss)}>
                      {formatFixed(row.profitLoss)}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
