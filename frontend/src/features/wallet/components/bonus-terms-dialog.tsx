import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { formatFixed } from '@/utils/format';
import { BONUS_EXAMPLE_DEPOSIT, BONUS_TERMS, bonusExample, type BonusTerm } from '../model/bonus-terms';

const COLUMNS: DataColumn<BonusTerm>[] = [
  { id: 'games', header: 'Games', nowrap: true, render: (term) => term.category },
  { id: 'bonus', header: 'Bonus', align: 'right', render: (term) => `${term.percent}%` },
  { id: 'turnover', header: 'Turnover', align: 'right', render: (term) => `${term.turnover}x` },
  {
    id: 'example-bonus',
    header: `Bonus on ₹${formatFixed(BONUS_EXAMPLE_DEPOSIT)}`,
    align: 'right',
    render: (term) => `₹${formatFixed(bonusExample(term).bonus)}`,
  },
  { id: 'example-turnover', header: 'Turnover needed', align: 'right', render: (term) => `₹${formatFixed(bonusExample(term).turnover)}` },
];

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
        <DataTable label="Bonus terms" columns={COLUMNS} rows={BONUS_TERMS} rowKey={(term) => `${term.category}-${term.percent}`} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
