import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatFixed } from '@/utils/format';
import { BONUS_EXAMPLE_DEPOSIT, BONUS_TERMS, bonusExample } from '../model/bonus-terms';

/** The bonus terms of spec §9, each worked through the example deposit. */
export function BonusTermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="bonus-terms-title">
      <DialogTitle id="bonus-terms-title">Bonus Terms</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          A bonus is a share of your deposit. It is released once your turnover reaches the listed multiple of the
          deposit. Example deposit: ₹{formatFixed(BONUS_EXAMPLE_DEPOSIT)}.
        </Typography>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Bonus terms">
            <TableHead>
              <TableRow>
                <TableCell>Games</TableCell>
                <TableCell align="right">Bonus</TableCell>
                <TableCell align="right">Turnover</TableCell>
                <TableCell align="right">Bonus on ₹{formatFixed(BONUS_EXAMPLE_DEPOSIT)}</TableCell>
                <TableCell align="right">Turnover needed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {BONUS_TERMS.map((term) => {
                const example = bonusExample(term);
                return (
                  <TableRow key={`${term.category}-${term.percent}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{term.category}</TableCell>
                    <TableCell align="right">{term.percent}%</TableCell>
                    <TableCell align="right">{term.turnover}x</TableCell>
                    <TableCell align="right">₹{formatFixed(example.bonus)}</TableCell>
                    <TableCell align="right">₹{formatFixed(example.turnover)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
