import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { RunRow } from '@/types';
import { formatFixed } from '@/utils/format';

/** The Run Amount dialog of a fancy line (spec §2): run and profit/loss from the book's calcTable. */
export function RunAmountDialog({ title, rows, onClose }: { title: string; rows: RunRow[]; onClose: () => void }) {
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
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.run}>
                <TableCell>{row.run}</TableCell>
                <TableCell align="right" sx={{ color: row.profitLoss >= 0 ? 'success.light' : 'error.light', fontWeight: 700 }}>
                  {formatFixed(row.profitLoss)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
